import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CourseRating, RatingStars } from './rating-stars';

/** The stars drawn in each colour: one subpath (`M`) per star. */
function stars(): { filled: number; grey: number } {
  const count = (selector: string) =>
    (document.querySelector(selector)?.getAttribute('d')?.match(/M/g) ?? []).length;
  return { filled: count('path.fill-amber-500'), grey: count('path.fill-slate-300') };
}

describe('RatingStars', () => {
  it('when given a whole rating, then that many of five stars are filled and the label says so', () => {
    render(<RatingStars value={3} />);
    expect(screen.getByRole('img', { name: 'Avaliação: 3 de 5' })).toBeInTheDocument();
    expect(stars()).toEqual({ filled: 3, grey: 2 });
  });

  it('when given a mean, then it is said with a decimal comma and drawn to the nearest half star', () => {
    const { unmount } = render(<RatingStars value={4.6} />);
    expect(screen.getByRole('img', { name: 'Avaliação: 4,6 de 5' })).toBeInTheDocument();
    expect(stars()).toEqual({ filled: 4, grey: 1 });
    // The fifth star's amber half, clipped at its middle over its grey drawing.
    const half = document.querySelector('path[clip-path]');
    expect(half?.getAttribute('d')?.startsWith('M100 ')).toBe(true);
    const clip = document.querySelector('clipPath rect');
    expect([clip?.getAttribute('x'), clip?.getAttribute('width')]).toEqual(['90', '10']);
    unmount();
    render(<RatingStars value={4.2} />);
    expect(screen.getByRole('img', { name: 'Avaliação: 4,2 de 5' })).toBeInTheDocument();
    expect(stars()).toEqual({ filled: 4, grey: 1 });
    expect(document.querySelector('path[clip-path]')).toBeNull();
  });

  it('when a course has ratings, then the mean, the stars and the count show; with none, "Novo"', () => {
    const { unmount } = render(<CourseRating mean={4.6} count={7} countText="(7)" />);
    expect(screen.getByText('4,6')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Avaliação: 4,6 de 5' })).toBeInTheDocument();
    expect(screen.getByText('(7)')).toBeInTheDocument();
    unmount();
    render(<CourseRating mean={0} count={0} countText="(0)" />);
    expect(screen.getByText('Novo')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('when given a value outside 0–5, then it is clamped', () => {
    const { unmount } = render(<RatingStars value={7} />);
    expect(screen.getByRole('img', { name: 'Avaliação: 5 de 5' })).toBeInTheDocument();
    expect(stars()).toEqual({ filled: 5, grey: 0 });
    unmount();
    render(<RatingStars value={-1} />);
    expect(screen.getByRole('img', { name: 'Avaliação: 0 de 5' })).toBeInTheDocument();
    expect(stars()).toEqual({ filled: 0, grey: 5 });
  });

  it('when drawn, then the five stars sit one after another without overlapping', () => {
    render(<RatingStars value={2} />);
    const starts = [...document.querySelectorAll('path')]
      .flatMap((path) => [...(path.getAttribute('d') ?? '').matchAll(/M([\d.]+) /g)])
      .map((match) => Number(match[1]));
    expect(starts).toEqual([10, 32.5, 55, 77.5, 100]);
    expect(document.querySelector('svg')?.getAttribute('viewBox')).toBe('0 0 110 20');
  });
});
