import { describe, expect, it } from 'vitest';
import { normalizeRefundDestination, refundDestinationProblem } from './refund-destination';

describe('refundDestinationProblem', () => {
  it('when a kwanza refund names a valid Angolan IBAN, with or without spaces, then it is taken, and kept without spaces', () => {
    expect(refundDestinationProblem('aoa', 'AO06 0044 0000 6729 5030 1010 2')).toBeNull();
    expect(refundDestinationProblem('aoa', 'ao06004400006729503010102')).toBeNull();
    expect(normalizeRefundDestination('aoa', 'ao06 0044 0000 6729 5030 1010 2')).toBe(
      'AO06004400006729503010102',
    );
  });

  it('when an IBAN has a wrong digit, the wrong country or length, then it is refused in Portuguese', () => {
    expect(refundDestinationProblem('aoa', 'AO06004400006729503010103')).toMatch(/IBAN angolano/);
    expect(refundDestinationProblem('aoa', 'PT50000201231234567890154')).toMatch(/IBAN angolano/);
    expect(refundDestinationProblem('aoa', 'AO0600440000672950301010')).toMatch(/IBAN angolano/);
    expect(refundDestinationProblem('eur', 'AO06004400006729503010102')).toMatch(/IBAN português/);
  });

  it('when a euro refund names a valid Portuguese IBAN, then it is taken', () => {
    expect(refundDestinationProblem('eur', 'PT50 0002 0123 1234 5678 9015 4')).toBeNull();
    expect(refundDestinationProblem('eur', 'PT50000201231234567890155')).toMatch(/IBAN português/);
  });

  it('when a real refund names a Pix key (CPF, CNPJ, e-mail, celular, random), then it is taken; an IBAN or junk is not', () => {
    for (const key of [
      '123.456.789-09',
      '12.345.678/0001-95',
      'ana@example.com',
      '+5511987654321',
      '7d9f0335-8dcc-4054-9bf9-0dbd61d36906',
    ])
      expect(refundDestinationProblem('brl', key)).toBeNull();
    expect(refundDestinationProblem('brl', 'PT50000201231234567890154')).toMatch(/chave Pix/);
    expect(refundDestinationProblem('brl', '12345')).toMatch(/chave Pix/);
  });
});
