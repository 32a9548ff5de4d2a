import { describe, expect, it } from 'vitest';
import { formatMarketDateTime } from './market-time';

describe('formatMarketDateTime', () => {
  // 22:05 UTC on 30 November: already 1 December in Luanda, still the 30th in Brasília.
  const at = new Date('2026-11-30T22:05:00Z');

  it("when a time is written for a market, then it is that market's clock, named", () => {
    expect(formatMarketDateTime(at, 'aoa')).toBe(
      '30 de novembro de 2026 às 23:05 (horário de Luanda)',
    );
    expect(formatMarketDateTime(at, 'brl')).toBe(
      '30 de novembro de 2026 às 19:05 (horário de Brasília)',
    );
    expect(formatMarketDateTime(at, 'eur')).toBe(
      '30 de novembro de 2026 às 22:05 (horário de Lisboa)',
    );
    expect(formatMarketDateTime(at, 'usd')).toBe('30 de novembro de 2026 às 22:05 (UTC)');
  });

  it('when Lisbon is on summer time, then the hour follows it', () => {
    expect(formatMarketDateTime(new Date('2026-07-01T12:00:00Z'), 'eur')).toBe(
      '1 de julho de 2026 às 13:00 (horário de Lisboa)',
    );
  });
});
