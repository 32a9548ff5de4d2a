import { afterEach, describe, expect, it, vi } from 'vitest';
import { courseDetail } from '../../../test/course-fixtures';
import { courseMeta } from './course-meta';

const testEnv = vi.hoisted(() => ({ brand: 'Aprendiz', currency: 'Kz' }));
vi.mock('../../../config/env', () => ({ env: testEnv }));

afterEach(() => {
  testEnv.currency = 'Kz';
});

describe('courseMeta', () => {
  it('when a course is shown, then its head is a product page with its title, summary, thumbnail and price', () => {
    const meta = courseMeta(courseDetail());
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
    const jsonLd = courseMeta(courseDetail()).jsonLd;
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
    const { offers } = courseMeta(courseDetail({ coursePrice: 19.99, discount: 15 })).jsonLd as {
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
    const meta = courseMeta(courseDetail({ coursePrice: 50, discount: 100 }));
    expect(meta.jsonLd?.offers).toMatchObject({ category: 'Free', price: 0, priceCurrency: 'AOA' });
    expect(meta.price).toEqual({ amount: 0, currency: 'AOA' });
  });

  it('when the configured currency is another known symbol or an ISO code, then that code is used', () => {
    testEnv.currency = 'R$';
    expect(courseMeta(courseDetail()).price?.currency).toBe('BRL');
    testEnv.currency = 'EUR';
    expect(courseMeta(courseDetail()).price?.currency).toBe('EUR');
  });

  it('when the configured currency names no ISO code, then no currency is claimed', () => {
    testEnv.currency = 'pts';
    const meta = courseMeta(courseDetail());
    expect(meta.price).toBeUndefined();
    expect(meta.jsonLd?.offers).not.toHaveProperty('priceCurrency');
    expect(meta.jsonLd?.offers).toMatchObject({ price: 16.99 });
  });

  it('when the course has ratings, then an aggregate rating carries their average and count', () => {
    const { aggregateRating } = courseMeta(courseDetail({ ratingCount: 7, averageRating: 4.3 }))
      .jsonLd as { aggregateRating: unknown };
    expect(aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.3,
      ratingCount: 7,
      bestRating: 5,
      worstRating: 1,
    });
  });

  it('when the course has no ratings, then there is no aggregate rating (a 0 would be a false review)', () => {
    const jsonLd = courseMeta(courseDetail({ ratingCount: 0, averageRating: 0 })).jsonLd;
    expect(jsonLd).not.toHaveProperty('aggregateRating');
  });
});
