import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courses } from '../../db/schema/courses';

/** The public pages that are the same for everyone, as the sitemap lists them. */
const STATIC_PAGES = [
  '/',
  '/course-list',
  '/mentors-list',
  '/job-list',
  '/contact',
  '/privacy-policy',
];

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char]!);
}

/** Every published course, newest first: the sitemap names them all, not only the catalogue's first 1,000. */
export function publishedCourseDates(db: Db): Promise<{ id: string; createdAt: Date }[]> {
  return db
    .select({ id: courses.id, createdAt: courses.createdAt })
    .from(courses)
    .where(eq(courses.isPublished, true))
    .orderBy(desc(courses.createdAt));
}

/** sitemap.xml (sitemaps.org 0.9) for the public pages and every published course. */
export function sitemapXml(origin: string, published: { id: string; createdAt: Date }[]): string {
  const urls = [
    ...STATIC_PAGES.map((path) => `  <url><loc>${escapeXml(origin + path)}</loc></url>`),
    ...published.map(
      ({ id, createdAt }) =>
        `  <url><loc>${escapeXml(`${origin}/course/${id}`)}</loc><lastmod>${createdAt.toISOString().slice(0, 10)}</lastmod></url>`,
    ),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** robots.txt: the signed-in areas stay out of search engines, and the sitemap is announced. */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /educator',
    'Disallow: /checkout',
    'Disallow: /loading',
    'Disallow: /player',
    'Disallow: /my-enrollments',
    'Disallow: /api/',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
