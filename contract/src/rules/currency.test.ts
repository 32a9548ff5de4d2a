import { describe, expect, it } from 'vitest';
import {
  CURRENCIES,
  currencyIso,
  currencyLabel,
  decimalAmount,
  formatDecimal,
  formatMoney,
  fromMinorUnits,
  toMinorUnits,
} from './currency';

describe('currency rules', () => {
  it('when a deployment currency is named, then its label is the one learner pages show', () => {
    expect(currencyLabel('aoa')).toBe('Kz');
    expect(currencyLabel('brl')).toBe('R$');
    expect(currencyLabel('eur')).toBe('€');
    expect(currencyLabel('usd')).toBe('$');
    expect(currencyIso('aoa')).toBe('AOA');
  });

  it('when a price in hundredths is converted, then the minor units are exact', () => {
    expect(toMinorUnits(16.99, 'aoa')).toBe(1699);
    expect(toMinorUnits(0.29, 'eur')).toBe(29);
    expect(toMinorUnits(1_000_000, 'brl')).toBe(100_000_000);
    expect(decimalAmount(1699, 'aoa')).toBe('16.99');
    expect(decimalAmount(5, 'usd')).toBe('0.05');
  });

  it('when any amount of minor units goes to decimal and back, then it is unchanged', () => {
    // One expect for the ~90,000 amounts: an expect each made this loop seconds long.
    const changed: string[] = [];
    for (const currency of CURRENCIES) {
      for (let minor = 0; minor <= 100_000_000; minor += minor < 20_000 ? 1 : 9_973) {
        if (toMinorUnits(Number(decimalAmount(minor, currency)), currency) !== minor)
          changed.push(`${currency} ${minor} (decimalAmount)`);
        if (toMinorUnits(fromMinorUnits(minor, currency), currency) !== minor)
          changed.push(`${currency} ${minor} (fromMinorUnits)`);
      }
    }
    expect(changed).toEqual([]);
  });
});

describe('formatMoney', () => {
  // amount → [BRL, EUR, AOA, USD]
  const cases: [number, string, string, string, string][] = [
    [0, 'R$ 0,00', '0,00 €', 'Kz 0,00', '$ 0,00'],
    [0.5, 'R$ 0,50', '0,50 €', 'Kz 0,50', '$ 0,50'],
    [19.99, 'R$ 19,99', '19,99 €', 'Kz 19,99', '$ 19,99'],
    [999.99, 'R$ 999,99', '999,99 €', 'Kz 999,99', '$ 999,99'],
    [1000, 'R$ 1.000,00', '1.000,00 €', 'Kz 1.000,00', '$ 1.000,00'],
    [4500, 'R$ 4.500,00', '4.500,00 €', 'Kz 4.500,00', '$ 4.500,00'],
    [1234567.89, 'R$ 1.234.567,89', '1.234.567,89 €', 'Kz 1.234.567,89', '$ 1.234.567,89'],
    [-5, '-R$ 5,00', '-5,00 €', '-Kz 5,00', '-$ 5,00'],
    [-4500.5, '-R$ 4.500,50', '-4.500,50 €', '-Kz 4.500,50', '-$ 4.500,50'],
  ];

  it.each(cases)(
    'when %d is shown, then each market writes it its own way',
    (amount, brl, eur, aoa, usd) => {
      expect(formatMoney(amount, 'brl')).toBe(brl);
      expect(formatMoney(amount, 'eur')).toBe(eur);
      expect(formatMoney(amount, 'aoa')).toBe(aoa);
      expect(formatMoney(amount, 'usd')).toBe(usd);
    },
  );

  it("when the client passes the market's label instead of its code, then the same text", () => {
    expect(formatMoney(4500, 'R$')).toBe('R$ 4.500,00');
    expect(formatMoney(19.99, '€')).toBe('19,99 €');
    expect(formatMoney(16.99, 'Kz')).toBe('Kz 16,99');
    expect(formatMoney(30, 'EUR')).toBe('30,00 €');
  });

  it('when a currency is not one of ours, then its code follows the number', () => {
    expect(formatMoney(12.5, 'gbp')).toBe('12,50 GBP');
  });

  it('when float arithmetic leaves crumbs or a negative zero, then cents are rounded and no sign shows', () => {
    expect(formatMoney(0.1 + 0.2, 'brl')).toBe('R$ 0,30');
    expect(formatMoney(16.994999, 'brl')).toBe('R$ 16,99');
    expect(formatMoney(-0, 'eur')).toBe('0,00 €');
    expect(formatMoney(-0.001, 'aoa')).toBe('Kz 0,00');
  });

  it('when a spreadsheet cell wants the bare number, then no label and no grouping', () => {
    expect(formatDecimal(-1234.5, { grouping: false })).toBe('-1234,50');
    expect(formatDecimal(1234.5)).toBe('1.234,50');
  });

  it("when a chart marks a rounded scale, then whole units in the market's way", () => {
    expect(formatMoney(1000, 'aoa', { cents: false })).toBe('Kz 1.000');
    expect(formatMoney(2000000, 'eur', { cents: false })).toBe('2.000.000 €');
    expect(formatMoney(0.4, 'brl', { cents: false })).toBe('R$ 0');
  });
});
