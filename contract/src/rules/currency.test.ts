import { describe, expect, it } from 'vitest';
import {
  CURRENCIES,
  currencyIso,
  currencyLabel,
  decimalAmount,
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
