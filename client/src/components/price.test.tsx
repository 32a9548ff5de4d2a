import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DiscountedPrice, formatPrice } from './price';

describe('formatPrice', () => {
  it("when given an amount and the market's label, then it is written the market's way", () => {
    expect(formatPrice(16.99, 'Kz')).toBe('Kz 16,99');
    expect(formatPrice(0, 'Kz')).toBe('Kz 0,00');
    expect(formatPrice(4500, 'R$')).toBe('R$ 4.500,00');
    expect(formatPrice(19.99, '€')).toBe('19,99 €');
    expect(formatPrice(10, '$')).toBe('$ 10,00');
  });
});

describe('DiscountedPrice', () => {
  it('when discounted, then the paid price, the struck original and N% off show', () => {
    render(<DiscountedPrice price={19.99} discount={15} currency="Kz" />);
    expect(screen.getByText('Kz 16,99')).toBeInTheDocument();
    const original = screen.getByText('Kz 19,99');
    expect(original.closest('.line-through')).not.toBeNull();
    expect(screen.getByText('15% off')).toBeInTheDocument();
  });

  it('when not discounted, then only the price shows', () => {
    render(<DiscountedPrice price={50} discount={0} currency="Kz" />);
    expect(screen.getByText('Kz 50,00')).toBeInTheDocument();
    expect(screen.queryByText(/% off/)).not.toBeInTheDocument();
  });
});
