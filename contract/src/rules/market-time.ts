import type { Currency } from './currency';

/**
 * Each deployment sells in one market (`CURRENCY`), and its people read times on that market's
 * clock: a voucher due 'às 19:05' must mean 19:05 where the buyer lives, and say whose clock it is.
 * Angola keeps one zone all year; Brazil's Brasília time is what its people call the official one;
 * Portugal's mainland is Lisbon (the islands differ, and the label says which clock is meant).
 */
const MARKET_TIME: Record<Currency, { timeZone: string; label: string }> = {
  aoa: { timeZone: 'Africa/Luanda', label: 'horário de Luanda' },
  brl: { timeZone: 'America/Sao_Paulo', label: 'horário de Brasília' },
  eur: { timeZone: 'Europe/Lisbon', label: 'horário de Lisboa' },
  usd: { timeZone: 'UTC', label: 'UTC' },
};

export function marketTime(currency: Currency): { timeZone: string; label: string } {
  return MARKET_TIME[currency];
}

const FORMATS = new Map<Currency, Intl.DateTimeFormat>();

/** '28 de novembro de 2026 às 19:05 (horário de Brasília)': a date and time with its clock named. */
export function formatMarketDateTime(date: Date, currency: Currency): string {
  let format = FORMATS.get(currency);
  if (!format) {
    format = new Intl.DateTimeFormat('pt-BR', {
      dateStyle: 'long',
      timeStyle: 'short',
      timeZone: MARKET_TIME[currency].timeZone,
    });
    FORMATS.set(currency, format);
  }
  return `${format.format(date)} (${MARKET_TIME[currency].label})`;
}
