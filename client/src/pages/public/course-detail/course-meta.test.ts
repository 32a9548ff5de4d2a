import { describe, expect, it, vi } from 'vitest';
import { courseDetail } from '../../../test/course-fixtures';
import { courseMeta } from './course-meta';

vi.mock('../../../config/env', () => ({ env: { brand: 'Aprendiz', currency: 'aoa' } }));

describe('courseMeta', () => {
  it('when a course is shown, then its head is a product page with its title, summary, thumbnail and price', () => {
    const meta = courseMeta(courseDetail(), 'aoa');
    expect(meta).toMatchObject({
      title: 'JavaScript do Zero',
      description: 'Aprenda JavaScript do zero.',
      image: '/uploads/js.webp',
      type: 'product',
      price: { amount: 16.99, currency: 'AOA' },
    });
    expect(meta.noindex).toBeUndefined();
  });

  it('when a course is shown, then its JSON-LD is a schema.org Course provided by the platform and taught by its educator', () => {
    const jsonLd = courseMeta(courseDetail(), 'aoa').jsonLd;
    expect(jsonLd).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Course',
      name: 'JavaScript do Zero',
      description: 'Aprenda JavaScript do zero.',
      image: '/uploads/js.webp',
      provider: { '@type': 'Organization', name: 'Aprendiz' },
      author: { '@type': 'Person', name: 'Carla Nunes' },
      // 10 + 20 + 75 minutes of lectures.
      timeRequired: 'PT105M',
      hasCourseInstance: { '@type': 'CourseInstance', courseMode: 'Online' },
    });
  });

  it('when the course is discounted, then the offer is the price after the discount, in AOA for Kz', () => {
    const { offers } = courseMeta(courseDetail({ coursePrice: 19.99, discount: 15 }), 'aoa')
      .jsonLd as {
      offers: Record<string, unknown>;
    };
    expect(offers).toEqual({
      '@type': 'Offer',
      category: 'Paid',
      price: 16.99,
      priceCurrency: 'AOA',
      availability: 'https://schema.org/InStock',
    });
  });

  it('when nothing is left to pay after the discount, then the offer is free at 0', () => {
    const meta = courseMeta(courseDetail({ coursePrice: 50, discount: 100 }), 'aoa');
    expect(meta.jsonLd?.offers).toMatchObject({ category: 'Free', price: 0, priceCurrency: 'AOA' });
    expect(meta.price).toEqual({ amount: 0, currency: 'AOA' });
  });

  it('when the server charges in reais or euros, then the offer is in BRL or EUR', () => {
    expect(courseMeta(courseDetail(), 'brl').price?.currency).toBe('BRL');
    expect(courseMeta(courseDetail(), 'eur').jsonLd?.offers).toMatchObject({
      priceCurrency: 'EUR',
    });
  });

  it('when the course has ratings, then an aggregate rating carries their average and count', () => {
    const { aggregateRating } = courseMeta(
      courseDetail({ ratingCount: 7, averageRating: 4, meanRating: 4.3 }),
      'aoa',
    ).jsonLd as { aggregateRating: unknown };
    expect(aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.3,
      ratingCount: 7,
      bestRating: 5,
      worstRating: 1,
    });
  });

  it('when the course has no ratings, then there is no aggregate rating (a 0 would be a false review)', () => {
    const jsonLd = courseMeta(courseDetail({ ratingCount: 0, averageRating: 0 }), 'aoa').jsonLd;
    expect(jsonLd).not.toHaveProperty('aggregateRating');
  });
});
