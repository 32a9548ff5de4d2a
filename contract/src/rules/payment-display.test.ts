import { describe, expect, it } from 'vitest';
import { formatBoletoLine, formatPhone } from './payment-display';

describe('formatPhone', () => {
  it('when a mobile of our markets is given in any spacing, then it reads in threes', () => {
    expect(formatPhone('923456789')).toBe('923 456 789');
    expect(formatPhone('923 456-789')).toBe('923 456 789');
    expect(formatPhone('+244923456789')).toBe('+244 923 456 789');
    expect(formatPhone('+351912345678')).toBe('+351 912 345 678');
  });

  it('when the number is of another shape, then it is shown as given', () => {
    expect(formatPhone('+5511987654321')).toBe('+5511987654321');
    expect(formatPhone('12345')).toBe('12345');
  });
});

describe('formatBoletoLine', () => {
  it('when the line has 47 digits, then it reads in its five fields', () => {
    const line = '23790123456000000000300000000000100000000010000';
    expect(formatBoletoLine(line)).toBe('23790.12345 60000.000003 00000.000000 1 00000000010000');
    expect(formatBoletoLine(formatBoletoLine(line))).toBe(formatBoletoLine(line));
  });

  it('when it is anything else, then it is shown as given', () => {
    expect(formatBoletoLine('123')).toBe('123');
    expect(formatBoletoLine('')).toBe('');
  });
});
