import type { CourseDetail } from '@aprendiz/contract/courses';
import { courseTotalMinutes } from '@aprendiz/contract/rules/duration';
import { discountedPrice } from '@aprendiz/contract/rules/pricing';
import { courseSummary } from '@aprendiz/contract/rules/text';
import { currencyIso, type Currency } from '@aprendiz/contract/rules/currency';
import type { PageMeta } from '../../../app/page-meta';
import { env } from '../../../config/env';

/**
 * A course page's head: the link preview shows its title, summary, thumbnail and price, and search
 * engines read it as a schema.org Course offered by its educator on this platform.
 */
export function courseMeta(course: CourseDetail, charged: Currency): PageMeta {
  const description = courseSummary(course.courseDescription);
  const price = discountedPrice(course.coursePrice, course.discount);
  const currency = currencyIso(charged);
  const jsonLd: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Course',
    name: course.courseTitle,
    description,
    image: course.courseThumbnail,
    inLanguage: 'pt',
    provider: { '@type': 'Organization', name: env.brand },
    author: { '@type': 'Person', name: course.educator.name },
    timeRequired: `PT${Math.max(1, Math.round(courseTotalMinutes(course.courseContent)))}M`,
    offers: {
      '@type': 'Offer',
      category: price === 0 ? 'Free' : 'Paid',
      price,
      priceCurrency: currency,
      availability: 'https://schema.org/InStock',
    },
    hasCourseInstance: { '@type': 'CourseInstance', courseMode: 'Online' },
  };
  if (course.ratingCount > 0) {
    jsonLd.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: course.meanRating,
      ratingCount: course.ratingCount,
      bestRating: 5,
      worstRating: 1,
    };
  }
  return {
    title: course.courseTitle,
    description,
    image: course.courseThumbnail,
    type: 'product',
    price: { amount: price, currency },
    jsonLd,
  };
}
