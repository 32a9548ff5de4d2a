import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  computeBalance,
  marketMonth,
  pendingLabel,
  saleHold,
  statementPeriod,
  type BalancePayout,
  type BalanceSale,
} from './payouts';
import { ibanProblem, withIbanCheckDigits, normaliseIban } from './iban';
import { pixKeyProblem } from './pix-key';
import {
  isValidAngolanNif,
  isValidCnpj,
  isValidCpf,
  isValidPortugueseNif,
  withCnpjCheckDigits,
  withCpfCheckDigits,
  withNifCheckDigit,
} from './tax-ids';

const DAY = 24 * 60 * 60 * 1000;
const digits = (n: number) => fc.stringMatching(new RegExp(`^\\d{${n}}$`));

describe('tax ids', () => {
  it('when a CPF or CNPJ gets its check digits, then it is valid; a digit changed, then not, but for the blind spot of mod 11', () => {
    fc.assert(
      fc.property(digits(9), fc.nat(10), fc.integer({ min: 1, max: 9 }), (nine, pos, delta) => {
        const cpf = withCpfCheckDigits(nine);
        fc.pre(!/^(\d)\1{10}$/.test(cpf));
        expect(isValidCpf(cpf)).toBe(true);
        const i = pos % 11;
        const changed = cpf.slice(0, i) + ((Number(cpf[i]) + delta) % 10) + cpf.slice(i + 1);
        fc.pre(!/^(\d)\1{10}$/.test(changed));
        // A changed check digit is always caught; a changed base digit too, except where mod 11
        // gives 0 or 1, which both make the digit 0 (the rule's own known blind spot).
        if (i >= 9) expect(isValidCpf(changed)).toBe(false);
        else expect(isValidCpf(changed)).toBe(withCpfCheckDigits(changed.slice(0, 9)) === changed);
      }),
    );
    fc.assert(
      fc.property(digits(12), fc.nat(13), fc.integer({ min: 1, max: 9 }), (twelve, pos, delta) => {
        const cnpj = withCnpjCheckDigits(twelve);
        fc.pre(!/^(\d)\1{13}$/.test(cnpj));
        expect(isValidCnpj(cnpj)).toBe(true);
        const i = pos % 14;
        const changed = cnpj.slice(0, i) + ((Number(cnpj[i]) + delta) % 10) + cnpj.slice(i + 1);
        fc.pre(!/^(\d)\1{13}$/.test(changed));
        if (i >= 12) expect(isValidCnpj(changed)).toBe(false);
        else
          expect(isValidCnpj(changed)).toBe(withCnpjCheckDigits(changed.slice(0, 12)) === changed);
      }),
    );
  });

  it('when a CPF is typed with its dots and dash, then it is read; known examples agree', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('111.111.111-11')).toBe(false);
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCnpj('11.222.333/0001-82')).toBe(false);
  });

  it("when a Portuguese NIF gets its check digit, then it is valid; Angola's takes the BI's shape", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9 }), digits(7), (first, rest) => {
        const nif = withNifCheckDigit(`${first}${rest}`);
        expect(isValidPortugueseNif(nif)).toBe(true);
        const last = (Number(nif[8]) + 1) % 10;
        expect(isValidPortugueseNif(nif.slice(0, 8) + last)).toBe(false);
      }),
    );
    expect(isValidPortugueseNif('123456789')).toBe(true);
    expect(isValidPortugueseNif('123456780')).toBe(false);
    expect(isValidAngolanNif('004567890LA042')).toBe(true);
    expect(isValidAngolanNif('5417000000')).toBe(true);
    expect(isValidAngolanNif('12345')).toBe(false);
  });
});

describe('IBAN', () => {
  it('when an account part gets its check digits, then the IBAN passes; two digits swapped, then its checksum fails', () => {
    fc.assert(
      fc.property(digits(21), fc.nat(19), (account, pos) => {
        const iban = withIbanCheckDigits('PT', account);
        expect(ibanProblem(iban, ['PT'])).toBeNull();
        const i = 4 + pos;
        fc.pre(iban[i] !== iban[i + 1]);
        const swapped = iban.slice(0, i) + iban[i + 1] + iban[i] + iban.slice(i + 2);
        expect(ibanProblem(swapped, ['PT'])).toBe('checksum');
      }),
    );
  });

  it('when an IBAN is of another country, of the wrong length or no IBAN at all, then it says which', () => {
    expect(ibanProblem('PT50 0002 0123 1234 5678 9015 4', ['PT'])).toBeNull();
    expect(ibanProblem('AO06 0044 0000 6729 5030 1010 2', ['AO'])).toBeNull();
    expect(ibanProblem('AO06 0044 0000 6729 5030 1010 2', ['PT'])).toBe('country');
    expect(ibanProblem('PT50 0002 0123 1234 5678 9015', ['PT'])).toBe('length');
    expect(ibanProblem('olá', ['PT'])).toBe('format');
    expect(normaliseIban('pt50 0002-0123')).toBe('PT5000020123');
  });
});

describe('Pix keys', () => {
  it('when each type is typed as people do, then it is valid; otherwise a Portuguese reason', () => {
    expect(pixKeyProblem('cpf', '529.982.247-25')).toBeNull();
    expect(pixKeyProblem('cpf', '529.982.247-26')).toMatch(/CPF inválido/);
    expect(pixKeyProblem('cnpj', '11.222.333/0001-81')).toBeNull();
    expect(pixKeyProblem('email', 'Ana@Exemplo.com.br')).toBeNull();
    expect(pixKeyProblem('email', 'ana@')).toMatch(/E-mail inválido/);
    expect(pixKeyProblem('phone', '(11) 98765-4321')).toBeNull();
    expect(pixKeyProblem('phone', '+55 11 98765-4321')).toBeNull();
    expect(pixKeyProblem('phone', '(11) 3333-4444')).toMatch(/Celular inválido/);
    expect(pixKeyProblem('random', '123e4567-e89b-42d3-a456-426614174000')).toBeNull();
    expect(pixKeyProblem('random', 'qualquer')).toMatch(/aleatória/);
  });

  it('when any text is given as any type, then the check answers without throwing', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('cpf', 'cnpj', 'email', 'phone', 'random' as const),
        fc.string(),
        (type, key) => {
          const problem = pixKeyProblem(type, key);
          expect(problem === null || typeof problem === 'string').toBe(true);
        },
      ),
    );
  });
});

describe('hold', () => {
  const completedAt = new Date('2026-11-26T12:00:00Z');
  it('when a Brazilian card sale has a 7-day guarantee, then it is available at its end, and says so', () => {
    const hold = saleHold({
      completedAt,
      guaranteeEndsAt: new Date(completedAt.getTime() + 7 * DAY),
      method: 'card',
      currency: 'brl',
    });
    expect(hold).toEqual({
      availableAt: new Date('2026-12-03T12:00:00Z'),
      reason: 'guarantee',
      guaranteeDays: 7,
    });
    expect(pendingLabel(hold.availableAt, hold.reason, hold.guaranteeDays, 'brl')).toBe(
      'disponível em 3 dez: garantia de 7 dias',
    );
  });

  it('when a euro sale has a 7-day guarantee, then the 14 legal days hold it longer', () => {
    const hold = saleHold({
      completedAt,
      guaranteeEndsAt: new Date(completedAt.getTime() + 7 * DAY),
      method: 'card',
      currency: 'eur',
    });
    expect(hold.reason).toBe('legal');
    expect(hold.availableAt.getTime()).toBe(completedAt.getTime() + 14 * DAY);
  });

  it('whatever the facts, then the hold is never before any of the three ends', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 60 }),
        fc.constantFrom('card', 'boleto', 'pix', null),
        fc.constantFrom('brl', 'eur', 'aoa' as const),
        fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }),
        (days, method, currency, at) => {
          const guaranteeEndsAt = new Date(at.getTime() + days * DAY);
          const hold = saleHold({ completedAt: at, guaranteeEndsAt, method, currency });
          expect(hold.availableAt.getTime()).toBeGreaterThanOrEqual(guaranteeEndsAt.getTime());
          if (currency === 'eur')
            expect(hold.availableAt.getTime()).toBeGreaterThanOrEqual(at.getTime() + 14 * DAY);
          if (method === 'boleto') expect(hold.availableAt.getTime()).toBeGreaterThan(at.getTime());
        },
      ),
    );
  });
});

describe('balance', () => {
  const now = new Date('2026-12-01T00:00:00Z');
  const saleArb = fc.record({
    netMinor: fc.integer({ min: 0, max: 100_000 }),
    refunded: fc.boolean(),
    offsetDays: fc.integer({ min: -30, max: 30 }),
  });
  const payoutArb = fc.record({
    amountMinor: fc.integer({ min: 1, max: 100_000 }),
    status: fc.constantFrom('requested', 'approved', 'paid', 'failed' as const),
  });

  it('whatever the sales, refunds and payouts, then available + pending + in withdrawal + paid out − debit = net sales − refunds, never negative', () => {
    fc.assert(
      fc.property(fc.array(saleArb), fc.array(payoutArb), (rawSales, payouts: BalancePayout[]) => {
        const sales: BalanceSale[] = rawSales.map((s) => ({
          netMinor: s.netMinor,
          refundMinor: s.refunded ? s.netMinor : 0,
          hold: {
            availableAt: new Date(now.getTime() + s.offsetDays * DAY),
            reason: 'guarantee',
            guaranteeDays: 7,
          },
        }));
        const b = computeBalance(sales, payouts, now);
        const pending = b.pending.reduce((sum, p) => sum + p.amountMinor, 0);
        expect(b.availableMinor).toBeGreaterThanOrEqual(0);
        expect(b.debitMinor).toBeGreaterThanOrEqual(0);
        expect(b.availableMinor * b.debitMinor).toBe(0);
        expect(
          b.availableMinor + pending + b.inWithdrawalMinor + b.paidOutMinor - b.debitMinor,
        ).toBe(b.netSalesMinor - b.refundsMinor);
      }),
    );
  });
});

describe('statement months', () => {
  it("when a month is read on Brasília's clock, then it starts at 03:00 UTC and holds its own instants", () => {
    const { from, to } = statementPeriod('2026-11', 'brl');
    expect(from.toISOString()).toBe('2026-11-01T03:00:00.000Z');
    expect(to.toISOString()).toBe('2026-12-01T03:00:00.000Z');
    expect(marketMonth(new Date('2026-12-01T02:59:00Z'), 'brl')).toBe('2026-11');
    expect(statementPeriod('2026-12', 'eur').to.toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });
});
