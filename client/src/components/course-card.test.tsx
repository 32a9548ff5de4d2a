import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { courseSummary } from '../test/course-fixtures';
import { renderWithProviders } from '../test/render';
import { CourseCard } from './course-card';

const SIZES = '(min-width: 1024px) 380px, 100vw';

describe('CourseCard', () => {
  it('when shown, then the whole card links to the course with its thumbnail, title, educator, stars, rating count and discounted price', () => {
    const course = courseSummary();
    renderWithProviders(<CourseCard course={course} thumbnailSizes={SIZES} />);

    const link = screen.getByRole('link');
    expect(link).toHaveAttribute('href', `/course/${course._id}`);
    const thumbnail = screen.getByRole('img', { name: 'JavaScript do Zero' });
    expect(thumbnail).toHaveAttribute('src', '/uploads/js.webp');
    expect(thumbnail).toHaveAttribute('loading', 'lazy');
    expect(thumbnail).toHaveAttribute(
      'srcset',
      expect.stringContaining('/uploads/js.webp?w=320 320w, /uploads/js.webp?w=480 480w'),
    );
    expect(thumbnail).toHaveAttribute('sizes', SIZES);
    expect(thumbnail).toHaveAttribute('width');
    expect(thumbnail).toHaveAttribute('height');
    expect(screen.getByRole('heading', { name: 'JavaScript do Zero' })).toBeInTheDocument();
    expect(screen.getByText('Carla Nunes')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Avaliação: 4,3 de 5' })).toBeInTheDocument();
    expect(link).toHaveTextContent('(7 avaliações)');
    // 19.99 less 15% is 16.99 (not 16.9915) in the app's currency.
    expect(screen.getByText('Kz 16,99')).toBeInTheDocument();
  });

  it('when the server charges in reais, then the card labels its price R$, whatever the build saw', () => {
    renderWithProviders(
      <CourseCard
        course={courseSummary({ coursePrice: 10, discount: 0 })}
        thumbnailSizes={SIZES}
      />,
      { storefront: { currency: 'brl', methods: ['card', 'pix'] } },
    );
    expect(screen.getByText('R$ 10,00')).toBeInTheDocument();
  });

  it("when the server charges in euros, then the card writes the price Portugal's way, the label after", () => {
    renderWithProviders(
      <CourseCard
        course={courseSummary({ coursePrice: 4500, discount: 0 })}
        thumbnailSizes={SIZES}
      />,
      { storefront: { currency: 'eur', methods: ['card', 'mb_way', 'multibanco'] } },
    );
    expect(screen.getByText('4.500,00 €')).toBeInTheDocument();
  });

  it('when the card is in view on arrival (priority), then its thumbnail loads at once and first', () => {
    renderWithProviders(<CourseCard course={courseSummary()} thumbnailSizes={SIZES} priority />);
    const thumbnail = screen.getByRole('img', { name: 'JavaScript do Zero' });
    expect(thumbnail).toHaveAttribute('loading', 'eager');
    expect(thumbnail).toHaveAttribute('fetchpriority', 'high');
  });

  it('when the thumbnail is hosted where no copies are made, then it has no srcset or sizes', () => {
    renderWithProviders(
      <CourseCard
        course={courseSummary({ courseThumbnail: 'https://cdn.example.com/js.webp' })}
        thumbnailSizes={SIZES}
      />,
    );
    const thumbnail = screen.getByRole('img', { name: 'JavaScript do Zero' });
    expect(thumbnail).not.toHaveAttribute('srcset');
    expect(thumbnail).not.toHaveAttribute('sizes');
  });
});
