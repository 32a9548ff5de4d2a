import { describe, expect, it } from 'vitest';
import { statementCsv, type Statement } from './statements';

/** A month in reais: a R$ 4.500 sale, its fee, and a refund that takes R$ 1.234,50 back. */
function statement(): Statement {
  return {
    month: '2026-11',
    currency: 'brl',
    openingMinor: 0,
    closingMinor: 450_000 - 44_550 - 123_450,
    totals: {
      salesMinor: 450_000,
      couponsMinor: 0,
      feesMinor: -44_550,
      refundsMinor: 123_450,
      paidOutMinor: 0,
      withdrawnMinor: 0,
    },
    lines: [
      {
        at: new Date('2026-11-03T13:00:00Z'),
        kind: 'sale',
        amountMinor: 450_000,
        detail: 'Git',
        note: null,
      },
      {
        at: new Date('2026-11-03T13:00:00Z'),
        kind: 'fee',
        amountMinor: -44_550,
        detail: 'Git',
        note: null,
      },
      {
        at: new Date('2026-11-05T13:00:00Z'),
        kind: 'refund',
        amountMinor: -123_450,
        detail: 'Git',
        note: null,
      },
    ],
  };
}

describe('the monthly statement as CSV', () => {
  it("when an educator opens it in a spreadsheet, then each amount is a number in the market's decimals, debits negative", () => {
    const rows = statementCsv(statement()).split('\r\n');
    expect(rows).toContain('2026-11-03 10:00;Venda;Git;"4500,00";');
    expect(rows).toContain('2026-11-03 10:00;Taxa da plataforma;Git;"-445,50";');
    expect(rows).toContain('2026-11-05 10:00;Reembolso;Git;"-1234,50";');
    expect(rows).toContain(';Saldo ao fim do mês;;"2820,00";');
  });
});
