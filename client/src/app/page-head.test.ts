import { describe, expect, it, vi } from 'vitest';
import { pageHead } from './page-head';
import type { PageMeta } from './page-meta';

vi.mock('../config/env', () => ({ env: { brand: 'Aprendiz', currency: 'Kz' } }));

const ORIGIN = 'https://aprendiz.example';

const meta: PageMeta = {
  title: 'JavaScript do Zero',
  description: 'Aprenda JavaScript do zero.',
};

/** The head as a browser (or a link preview's crawler) reads it; a parsed document has no window,
 * so its elements are checked with getAttribute rather than jest-dom's matchers. */
function parse(head: string): Document {
  return new DOMParser().parseFromString(`<head>${head}</head>`, 'text/html');
}

function property(document: Document, name: string): string | null | undefined {
  return document.querySelector(`meta[property="${name}"]`)?.getAttribute('content');
}

function named(document: Document, name: string): string | null | undefined {
  return document.querySelector(`meta[name="${name}"]`)?.getAttribute('content');
}

describe('pageHead', () => {
  it('when a page is public, then it has its branded title, description, canonical URL and Open Graph card', () => {
    const head = parse(pageHead(meta, ORIGIN, '/course/abc'));
    expect(head.title).toBe('JavaScript do Zero | Aprendiz');
    expect(named(head, 'description')).toBe('Aprenda JavaScript do zero.');
    expect(head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${ORIGIN}/course/abc`,
    );
    expect(named(head, 'robots')).toBeUndefined();
    expect(property(head, 'og:site_name')).toBe('Aprendiz');
    expect(property(head, 'og:type')).toBe('website');
    expect(property(head, 'og:title')).toBe('JavaScript do Zero | Aprendiz');
    expect(property(head, 'og:url')).toBe(`${ORIGIN}/course/abc`);
    expect(property(head, 'og:image')).toBeUndefined();
    expect(named(head, 'twitter:card')).toBe('summary');
  });

  it('when values hold markup characters, then they are escaped and read back as written', () => {
    const tricky = `Café "<b>" & 'aspas'`;
    const raw = pageHead(
      { title: tricky, description: `${tricky}"/><script>x</script>` },
      ORIGIN,
      '/',
    );
    expect(raw).toContain(
      '<title>Café &quot;&lt;b&gt;&quot; &amp; &#39;aspas&#39; | Aprendiz</title>',
    );
    expect(raw).not.toContain('<b>');
    expect(raw).not.toContain('<script>x');
    const head = parse(raw);
    expect(head.title).toBe(`${tricky} | Aprendiz`);
    expect(named(head, 'description')).toBe(`${tricky}"/><script>x</script>`);
    expect(property(head, 'og:description')).toBe(`${tricky}"/><script>x</script>`);
    expect(head.querySelectorAll('script')).toHaveLength(0);
  });

  it('when the image is site-relative, then og:image and twitter:image are absolute, and an absolute one is kept', () => {
    const relative = parse(pageHead({ ...meta, image: '/uploads/js.webp' }, ORIGIN, '/'));
    expect(property(relative, 'og:image')).toBe(`${ORIGIN}/uploads/js.webp`);
    expect(named(relative, 'twitter:image')).toBe(`${ORIGIN}/uploads/js.webp`);
    expect(named(relative, 'twitter:card')).toBe('summary_large_image');

    const bare = parse(pageHead({ ...meta, image: 'uploads/js.webp' }, ORIGIN, '/'));
    expect(property(bare, 'og:image')).toBe(`${ORIGIN}/uploads/js.webp`);

    const cdn = 'https://res.cloudinary.com/demo/image/upload/js.webp';
    expect(property(parse(pageHead({ ...meta, image: cdn }, ORIGIN, '/')), 'og:image')).toBe(cdn);
  });

  it('when the page is a product with a price, then the price tags carry its amount and currency', () => {
    const head = parse(
      pageHead(
        { ...meta, type: 'product', price: { amount: 16.99, currency: 'AOA' } },
        ORIGIN,
        '/',
      ),
    );
    expect(property(head, 'og:type')).toBe('product');
    expect(property(head, 'product:price:amount')).toBe('16.99');
    expect(property(head, 'product:price:currency')).toBe('AOA');
  });

  it('when the JSON-LD holds a closing script tag, then its "<" is escaped so the element cannot end early', () => {
    const jsonLd = {
      '@type': 'Course',
      name: '</script><script>alert(1)</script>',
      description: 'linha\u2028separada',
    };
    const raw = pageHead({ ...meta, jsonLd }, ORIGIN, '/');
    expect(raw).toContain('\\u003c/script>\\u003cscript>alert(1)\\u003c/script>');
    expect(raw).toContain('\\u2028');
    const scripts = parse(raw).querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]!.getAttribute('type')).toBe('application/ld+json');
    expect(JSON.parse(scripts[0]!.textContent ?? '')).toEqual(jsonLd);
  });

  it('when the page is noindex, then robots says so and no canonical URL is given', () => {
    const raw = pageHead({ ...meta, noindex: true }, ORIGIN, '/rota-que-nao-existe');
    const head = parse(raw);
    expect(named(head, 'robots')).toBe('noindex');
    expect(head.querySelector('link[rel="canonical"]')).toBeNull();
    expect(raw).not.toContain('canonical');
  });
});
