import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RatingStars } from './rating-stars';

function filledStars(): number {
  return document.querySelectorAll('svg[data-filled="true"]').length;
}

describe('RatingStars', () => {
  it('when given a whole rating, then that many of five stars are filled and the label says so', () => {
    render(<RatingStars value={3} />);
    expect(screen.getByRole('img', { name: 'Avaliação: 3 de 5' })).toBeInTheDocument();
    expect(document.querySelectorAll('svg')).toHaveLength(5);
    expect(filledStars()).toBe(3);
  });

  it('when given a fractional average, then the floor is shown', () => {
    render(<RatingStars value={4.9} />);
    expect(screen.getByRole('img', { name: 'Avaliação: 4 de 5' })).toBeInTheDocument();
    expect(filledStars()).toBe(4);
  });

  it('when given a value outside 0–5, then it is clamped', () => {
    const { unmount } = render(<RatingStars value={7} />);
    expect(screen.getByRole('img', { name: 'Avaliação: 5 de 5' })).toBeInTheDocument();
    unmount();
    render(<RatingStars value={-1} />);
    expect(screen.getByRole('img', { name: 'Avaliação: 0 de 5' })).toBeInTheDocument();
    expect(filledStars()).toBe(0);
  });
});
