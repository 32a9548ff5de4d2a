import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { courseSummary } from '../test/course-fixtures';
import { renderWithProviders } from '../test/render';
import { CourseCard } from './course-card';

describe('CourseCard', () => {
  it('when shown, then the whole card links to the course with its thumbnail, title, educator, stars, rating count and discounted price', () => {
    const course = courseSummary();
    renderWithProviders(<CourseCard course={course} />);

    const link = screen.getByRole('link');
    expect(link).toHaveAttribute('href', `/course/${course._id}`);
    const thumbnail = screen.getByRole('img', { name: 'JavaScript do Zero' });
    expect(thumbnail).toHaveAttribute('src', '/uploads/js.webp');
    expect(thumbnail).toHaveAttribute('loading', 'lazy');
    expect(thumbnail).toHaveAttribute('width');
    expect(thumbnail).toHaveAttribute('height');
    expect(screen.getByRole('heading', { name: 'JavaScript do Zero' })).toBeInTheDocument();
    expect(screen.getByText('Carla Nunes')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Avaliação: 4 de 5' })).toBeInTheDocument();
    expect(link).toHaveTextContent('(7 avaliações)');
    // 19.99 less 15% is 16.99 (not 16.9915) in the app's currency.
    expect(screen.getByText('Kz 16.99')).toBeInTheDocument();
  });

  it('when the app currency differs, then its label is used', () => {
    renderWithProviders(<CourseCard course={courseSummary({ coursePrice: 10, discount: 0 })} />, {
      app: { currency: 'US$' },
    });
    expect(screen.getByText('US$ 10.00')).toBeInTheDocument();
  });

  it('when the card is in view on arrival (priority), then its thumbnail loads at once and first', () => {
    renderWithProviders(<CourseCard course={courseSummary()} priority />);
    const thumbnail = screen.getByRole('img', { name: 'JavaScript do Zero' });
    expect(thumbnail).toHaveAttribute('loading', 'eager');
    expect(thumbnail).toHaveAttribute('fetchpriority', 'high');
  });
});
