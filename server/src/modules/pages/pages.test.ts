import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';
import { insertCourse } from '../../test/fixtures/course-fixtures';
import { serverCatalogueSource, serverCertificateSource } from './catalogue-source';
import { canonicalPageUrl, createPageCache, cachedPage } from './page-cache';
import { inlineStylesheets, parseTemplate } from './server-entry';

const INDEX_HTML = `<!doctype html><html><head><!--page-head--><title>Padrão</title><!--/page-head--><script type="module" src="/assets/index.js"></script><link rel="stylesheet" crossorigin href="/assets/index-abc.css"></head><body><div id="root"></div></body></html>`;
/** The shell as a kwanza server in the sandbox sends it: its storefront written onto <html>. */
const APP_SHELL = INDEX_HTML.replace(
  '<html>',
  '<html data-currency="aoa" data-payment-methods="card multicaixa_express reference">',
);
const STYLESHEET = 'body{color:#0f172a}';

// A stand-in for client/dist-ssr/entry-server.js with the same contract: it renders what the
// catalogue source gives, counts its renders, and draws /my-enrollments only for a viewer (as its
// private page), leaving it to the browser otherwise.
const FAKE_ENTRY = `
let renders = 0;
export default {
  async render(request, context, origin) {
    const url = new URL(request.url);
    if (url.pathname === '/my-enrollments') {
      if (!context.viewer) return { kind: 'client' };
      const [data, enrolled] = await Promise.all([context.viewer.userData(), context.viewer.enrolled()]);
      return {
        kind: 'page',
        status: 200,
        head: '<title>Meus Cursos</title>',
        html: '<p>viewer=' + context.viewer.user.name + ' role=' + data.role + ' courses=' +
          enrolled.enrolledCourses.map((c) => c.courseTitle).join('|') + '</p>',
        hydration: '{"loaderData":{}}',
        private: true,
      };
    }
    if (url.pathname === '/antigo') return { kind: 'redirect', status: 301, location: '/' };
    if (url.pathname.startsWith('/lento')) await new Promise((resolve) => setTimeout(resolve, 300));
    renders++;
    const courses = await context.catalogue.teaser();
    const status = url.pathname === '/nao-existe' ? 404 : 200;
    return {
      kind: 'page',
      status,
      head: '<title>' + url.pathname + '</title><link rel="canonical" href="' + origin + url.pathname + '" />',
      html: '<p>renders=' + renders + ' courses=' + courses.map((c) => c.courseTitle).join('|') + '</p>' +
        '<p>storefront=' + context.storefront.currency + ':' + context.storefront.methods.join(',') + '</p>',
      hydration: '{"loaderData":{}}',
    };
  },
};
`;

let ctx: TestContext;
let tmp: string;

function rendersIn(html: string): number {
  return Number(/renders=(\d+)/.exec(html)?.[1]);
}

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'aprendiz-pages-'));
  await mkdir(path.join(tmp, 'dist'));
  await mkdir(path.join(tmp, 'dist-ssr'));
  await writeFile(path.join(tmp, 'dist', 'index.html'), INDEX_HTML);
  await mkdir(path.join(tmp, 'dist', 'assets'));
  await writeFile(path.join(tmp, 'dist', 'assets', 'index-abc.css'), STYLESHEET);
  await writeFile(path.join(tmp, 'dist-ssr', 'entry-server.js'), FAKE_ENTRY);
  ctx = await createTestContext({
    CLIENT_DIST: path.join(tmp, 'dist'),
    PUBLIC_URL: 'https://aprendiz.example',
  });
});

afterAll(async () => {
  await ctx.close();
  await rm(tmp, { recursive: true, force: true });
});

describe('server-rendered pages', () => {
  it('when a public page is asked for, then the rendered head, markup and hydration data fill the template', async () => {
    const { user } = await ctx.createUser({ role: 'educator' });
    await insertCourse(ctx.database.db, user.id, { title: 'Curso Renderizado' });
    ctx.deps.catalogueCache.invalidate();
    const res = await request(ctx.app).get('/course-list').expect(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.text).toContain('<title>/course-list</title>');
    expect(res.text).not.toContain('Padrão');
    expect(res.text).toContain(
      '<link rel="canonical" href="https://aprendiz.example/course-list" />',
    );
    expect(res.text).toMatch(/<div id="root"><p>renders=\d+ courses=[^<]*Curso Renderizado/);
    expect(res.text).toContain(
      '<script type="application/json" id="router-data">{"loaderData":{}}</script>',
    );
    // Painted with the first response: the stylesheet is in the page, not a second request.
    expect(res.text).toContain(`<style>${STYLESHEET}</style>`);
    expect(res.text).not.toContain('rel="stylesheet"');
    // Its scripts hydrate a painted page: fetched after what the page shows.
    expect(res.text).toContain('<script type="module" fetchpriority="low" src="/assets/index.js">');
  });

  it('when the same page is asked again, then it comes from memory until the catalogue changes', async () => {
    const first = await request(ctx.app).get('/mentors-list').expect(200);
    const again = await request(ctx.app).get('/mentors-list').expect(200);
    expect(again.text).toBe(first.text);

    const { user } = await ctx.createUser({ role: 'educator' });
    await insertCourse(ctx.database.db, user.id, { title: 'Curso Novo Depois' });
    ctx.deps.catalogueCache.invalidate();
    const after = await request(ctx.app).get('/mentors-list').expect(200);
    expect(after.text).not.toBe(first.text);
    expect(after.text).toContain('Curso Novo Depois');
  });

  it('when the page has not changed, then its ETag answers 304; compressed for clients that accept it', async () => {
    const first = await request(ctx.app).get('/job-list').expect(200);
    await request(ctx.app).get('/job-list').set('If-None-Match', first.headers.etag!).expect(304);
    const zipped = await request(ctx.app).get('/job-list').set('Accept-Encoding', 'gzip');
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.text).toBe(first.text);
  });

  it('when the address is unknown, then the rendered 404 page answers with status 404', async () => {
    const res = await request(ctx.app).get('/nao-existe').expect(404);
    expect(res.text).toContain('<title>/nao-existe</title>');
  });

  it('when the renderer leaves an address to the browser, then the app shell answers', async () => {
    const res = await request(ctx.app).get('/my-enrollments').expect(200);
    expect(res.text).toBe(APP_SHELL);
  });

  it('when the same build is served by a server charging in reais, then its pages and shell say brl and its methods, rendered and written alike', async () => {
    const brl = await createTestContext({
      CLIENT_DIST: path.join(tmp, 'dist'),
      PUBLIC_URL: 'https://aprendiz.example',
      CURRENCY: 'brl',
    });
    try {
      const page = await request(brl.app).get('/course-list').expect(200);
      expect(page.text).toContain(
        '<html data-currency="brl" data-payment-methods="card pix boleto">',
      );
      expect(page.text).toContain('<p>storefront=brl:card,pix,boleto</p>');
      const shell = await request(brl.app).get('/my-enrollments').expect(200);
      expect(shell.text).toContain(
        '<html data-currency="brl" data-payment-methods="card pix boleto">',
      );
      const methods = await request(brl.app).get('/api/payments/methods').expect(200);
      expect(methods.body).toMatchObject({ currency: 'brl', currencyLabel: 'R$' });
      expect(methods.body.methods.map((m: { id: string }) => m.id)).toEqual([
        'card',
        'pix',
        'boleto',
      ]);
    } finally {
      await brl.close();
    }
  });

  it('when the renderer redirects, then the server does', async () => {
    await request(ctx.app).get('/antigo').expect(301).expect('Location', '/');
  });

  it('when the API is asked for, then the renderer stays out of it', async () => {
    const res = await request(ctx.app).get('/api/course/all').expect(200);
    expect(res.body.success).toBe(true);
  });
});

describe('signed-in pages drawn for their viewer', () => {
  function pageCookie(res: request.Response): string | undefined {
    const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    return cookies.find((cookie) => cookie.startsWith('aprendiz_page='));
  }

  async function learnerWithPageSession(name: string) {
    const learner = await ctx.createUser({ name });
    const educator = await ctx.createUser({ role: 'educator' });
    const course = await insertCourse(ctx.database.db, educator.user.id, {
      title: `Curso de ${name}`,
      price: 0,
    });
    await request(ctx.app)
      .post('/api/user/enroll-free-course')
      .set(learner.auth)
      .send({ courseId: course.id })
      .expect(200);
    const handed = await request(ctx.app)
      .post('/api/auth/page-session')
      .set(learner.auth)
      .expect(204);
    const cookie = pageCookie(handed);
    if (!cookie) throw new Error('no page session cookie');
    return { ...learner, cookie: cookie.split(';')[0]! };
  }

  it('when the browser hands its token over, then it comes back as an HttpOnly, Lax, secure cookie that ends with the token', async () => {
    const { token, auth } = await ctx.createUser();
    const res = await request(ctx.app).post('/api/auth/page-session').set(auth).expect(204);
    const cookie = pageCookie(res)!;
    expect(cookie).toContain(`aprendiz_page=${token}`);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; Path=\//);
    const expires = new Date(/Expires=([^;]+)/.exec(cookie)![1]!).getTime();
    expect(expires).toBeGreaterThan(Date.now() + 6 * 24 * 3_600_000);
    expect(expires).toBeLessThan(Date.now() + 8 * 24 * 3_600_000);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('when no valid token is in the header, then no cookie is set, and the cookie alone opens no API route', async () => {
    const refused = await request(ctx.app).post('/api/auth/page-session').expect(401);
    expect(pageCookie(refused)).toBeUndefined();
    const forged = await request(ctx.app)
      .post('/api/auth/page-session')
      .set('Authorization', 'Bearer nao.e.um-token')
      .expect(401);
    expect(pageCookie(forged)).toBeUndefined();
    const { cookie } = await learnerWithPageSession('Só Cookie');
    await request(ctx.app).get('/api/user/data').set('Cookie', cookie).expect(401);
    await request(ctx.app).get('/api/user/enrolled-courses').set('Cookie', cookie).expect(401);
  });

  it('when My Courses is asked with a page session, then it is drawn for that learner alone, never kept nor cached', async () => {
    const ana = await learnerWithPageSession('Ana Viewer');
    const bia = await learnerWithPageSession('Bia Viewer');
    const first = await request(ctx.app).get('/my-enrollments').set('Cookie', ana.cookie);
    expect(first.status).toBe(200);
    expect(first.text).toContain(
      '<p>viewer=Ana Viewer role=student courses=Curso de Ana Viewer</p>',
    );
    expect(first.headers['cache-control']).toBe('private, no-store');
    expect(first.headers['x-robots-tag']).toBe('noindex');
    expect(first.headers.vary).toMatch(/Cookie/);
    expect(first.headers.etag).toBeUndefined();
    const other = await request(ctx.app).get('/my-enrollments').set('Cookie', bia.cookie);
    expect(other.text).toContain(
      '<p>viewer=Bia Viewer role=student courses=Curso de Bia Viewer</p>',
    );
    // Nobody else is given it: a visitor gets the shell.
    const visitor = await request(ctx.app).get('/my-enrollments').expect(200);
    expect(visitor.text).toBe(APP_SHELL);
    const zipped = await request(ctx.app)
      .get('/my-enrollments')
      .set('Cookie', ana.cookie)
      .set('Accept-Encoding', 'br');
    expect(zipped.headers['content-encoding']).toBe('br');
    expect(zipped.text).toContain('viewer=Ana Viewer');
  });

  it('when the page session is tampered with, signed out or forgotten, then the app shell answers and the cookie is cleared', async () => {
    const learner = await learnerWithPageSession('Caio Viewer');
    const tampered = learner.cookie.slice(0, -2) + (learner.cookie.endsWith('A') ? 'BB' : 'AA');
    const bad = await request(ctx.app).get('/my-enrollments').set('Cookie', tampered);
    expect(bad.text).toBe(APP_SHELL);
    const junk = await request(ctx.app)
      .get('/my-enrollments')
      .set('Cookie', 'aprendiz_page=<script>; other=1');
    expect(junk.text).toBe(APP_SHELL);

    const signedOut = await request(ctx.app)
      .post('/api/auth/sign-out')
      .set(learner.auth)
      .expect(200);
    expect(pageCookie(signedOut)).toMatch(/^aprendiz_page=;.*Expires=Thu, 01 Jan 1970/);
    const after = await request(ctx.app).get('/my-enrollments').set('Cookie', learner.cookie);
    expect(after.text).toBe(APP_SHELL);

    const forgotten = await request(ctx.app).delete('/api/auth/page-session').expect(204);
    expect(pageCookie(forgotten)).toMatch(/^aprendiz_page=;.*Expires=Thu, 01 Jan 1970/);
  });

  it('when a public page is asked with a page session, then it is the page everyone gets, kept as before', async () => {
    const learner = await learnerWithPageSession('Duda Viewer');
    const anonymous = await request(ctx.app).get('/contact').expect(200);
    const withCookie = await request(ctx.app).get('/contact').set('Cookie', learner.cookie);
    expect(rendersIn(withCookie.text)).toBe(rendersIn(anonymous.text));
    expect(withCookie.headers['cache-control']).toBe('no-cache');
  });
  it('when any cookie header comes with a signed-in page, then it is the app shell, never an error nor a drawn page', async () => {
    // Its own server: these many renders would spend the shared one's per-address budget.
    const fuzzed = await createTestContext({
      CLIENT_DIST: path.join(tmp, 'dist'),
      PUBLIC_URL: 'https://aprendiz.example',
      PAGE_RENDER_RATE_LIMIT: '1000',
    });
    const tokenLike = fc.stringMatching(/^[\w.-]{0,300}$/);
    const value = fc.oneof(tokenLike, fc.string({ maxLength: 300 }), fc.constant(''));
    await fc
      .assert(
        fc.asyncProperty(value, fc.string({ maxLength: 100 }), async (page, other) => {
          // Header values cannot hold control characters or non-Latin-1 text: such a request never arrives.
          const header = `${other.replace(/[^\x20-\x7e]/g, '')}; aprendiz_page=${page.replace(/[^\x20-\x7e]/g, '')}`;
          const res = await request(fuzzed.app).get('/my-enrollments').set('Cookie', header);
          expect(res.status).toBe(200);
          expect(res.text).toBe(APP_SHELL);
        }),
        { numRuns: 60 },
      )
      .finally(() => fuzzed.close());
  });
});

describe('rendered pages an attacker cannot make expensive', () => {
  it('when a page is asked with parameters its route does not read, then the kept page answers without a render', async () => {
    const first = await request(ctx.app).get('/mentors-list?utm_source=a').expect(200);
    const second = await request(ctx.app).get('/mentors-list?x=8f3a9c&utm_source=b').expect(200);
    const plain = await request(ctx.app).get('/mentors-list').expect(200);
    expect(second.text).toBe(first.text);
    expect(plain.text).toBe(first.text);
    expect(first.text).toContain('<title>/mentors-list</title>');
  });

  it('when the course list is asked with its own parameters, then each search is its own page and extra ones are ignored', async () => {
    const a = await request(ctx.app).get('/course-list?q=react&page=1').expect(200);
    const aAgain = await request(ctx.app).get('/course-list?page=1&utm=z&q=react').expect(200);
    const b = await request(ctx.app).get('/course-list?q=python').expect(200);
    expect(aAgain.text).toBe(a.text);
    expect(rendersIn(b.text)).toBeGreaterThan(rendersIn(a.text));
  });

  it('when addresses are made canonical, then only the parameters a route reads stay, in a fixed order', () => {
    const at = (url: string) => canonicalPageUrl(new URL(url, 'https://aprendiz.example'));
    expect(at('/course-list/js?sort=newest&fbclid=1&level=beginner&q=a&q=b')).toBe(
      '/course-list/js?q=a&level=beginner&sort=newest',
    );
    expect(at('/course/abc?avaliacoes=2&utm=x')).toBe('/course/abc?avaliacoes=2');
    // A coupon link's code is checked in the browser: every code shares the one 'being checked' page.
    expect(at('/course/abc?cupom=LANCAMENTO')).toBe('/course/abc?cupom=1');
    expect(at('/course/abc?cupom=outro&avaliacoes=2')).toBe('/course/abc?avaliacoes=2&cupom=1');
    expect(at('/course/abc?cupom=')).toBe('/course/abc');
    expect(at('/?utm=x')).toBe('/');
    expect(at('/certificate/abc?page=3')).toBe('/certificate/abc');
    // The search form sent empty is kept apart from the list itself: the list redirects it.
    expect(at('/course-list?q=&level=')).toBe('/course-list?q=');
  });
});

describe('rendered pages under load from one address', () => {
  let limited: TestContext;

  beforeAll(async () => {
    limited = await createTestContext({
      CLIENT_DIST: path.join(tmp, 'dist'),
      PUBLIC_URL: 'https://aprendiz.example',
      PAGE_RENDER_CONCURRENCY: '1',
      PAGE_RENDER_RATE_LIMIT: '3',
    });
  });

  afterAll(async () => {
    await limited.close();
  });

  it('when more renders than the bound are asked at once, then the others get the app shell at once', async () => {
    const answers = await Promise.all([
      request(limited.app).get('/lento-1'),
      request(limited.app).get('/lento-2'),
    ]);
    const rendered = answers.filter((res) => res.text.includes('<div id="root"><p>'));
    const shells = answers.filter((res) => res.text === APP_SHELL);
    expect(rendered).toHaveLength(1);
    expect(shells).toHaveLength(1);
    expect(answers.every((res) => res.status === 200)).toBe(true);
  });

  it('when one address has spent its renders, then new addresses get the app shell and kept pages still come rendered', async () => {
    // /lento-1 was rendered above (1 of 3); two more fit, the next does not.
    await request(limited.app).get('/job-list').expect(200);
    await request(limited.app).get('/contact').expect(200);
    const over = await request(limited.app).get('/privacy-policy').expect(200);
    expect(over.text).toBe(APP_SHELL);
    const kept = await request(limited.app).get('/job-list?utm=novo').expect(200);
    expect(kept.text).toContain('<title>/job-list</title>');
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('when robots.txt is read, then the signed-in areas are disallowed and the sitemap is named', async () => {
    const res = await request(ctx.app).get('/robots.txt').expect(200);
    expect(res.text).toContain('Disallow: /educator');
    expect(res.text).toContain('Sitemap: https://aprendiz.example/sitemap.xml');
  });

  it('when sitemap.xml is read, then it lists the public pages and every published course, not the unpublished', async () => {
    const { user } = await ctx.createUser({ role: 'educator' });
    const published = await insertCourse(ctx.database.db, user.id);
    const hidden = await insertCourse(ctx.database.db, user.id, { isPublished: false });
    const res = await request(ctx.app).get('/sitemap.xml').expect(200);
    expect(res.headers['content-type']).toMatch(/xml/);
    expect(res.text).toContain('<loc>https://aprendiz.example/course-list</loc>');
    expect(res.text).toContain(`<loc>https://aprendiz.example/course/${published.id}</loc>`);
    expect(res.text).not.toContain(hidden.id);
  });
});

describe('the catalogue source of the server renderer', () => {
  it('when a course is missing, unpublished or not an id, then it is null; a published one comes whole', async () => {
    const source = serverCatalogueSource(ctx.deps);
    const { user } = await ctx.createUser({ role: 'educator' });
    const shown = await insertCourse(ctx.database.db, user.id, { title: 'Visível' });
    const hidden = await insertCourse(ctx.database.db, user.id, { isPublished: false });
    expect((await source.course(shown.id))?.courseTitle).toBe('Visível');
    expect(await source.course(hidden.id)).toBeNull();
    expect(await source.course('nao-e-um-id')).toBeNull();
  });

  it('when a course page is rendered, then its first reviews come with it; none for a hidden course', async () => {
    const source = serverCatalogueSource(ctx.deps);
    const { user } = await ctx.createUser({ role: 'educator' });
    const shown = await insertCourse(ctx.database.db, user.id);
    const hidden = await insertCourse(ctx.database.db, user.id, { isPublished: false });
    expect(await source.reviews(shown.id, 1)).toMatchObject({
      success: true,
      page: 1,
      reviews: [],
      ratingCount: 0,
    });
    expect(await source.reviews(hidden.id, 1)).toBeNull();
    expect(await source.reviews('nao-e-um-id', 1)).toBeNull();
  });

  it('when a search comes from an edited address, then it is checked like the API query', async () => {
    const source = serverCatalogueSource(ctx.deps);
    const bad = { q: '', sort: 'cheapest', page: 1, pageSize: 24 } as never;
    await expect(source.search(bad)).rejects.toThrow();
    const good = await source.search({ q: 'Visível', sort: 'relevance', page: 1, pageSize: 24 });
    expect(good.courses.map((course) => course.courseTitle)).toContain('Visível');
  });
});

describe('the certificate source of the server renderer', () => {
  it('when the id is malformed or names no certificate, then it is null', async () => {
    const source = serverCertificateSource(ctx.deps);
    expect(await source.certificate('../../etc/passwd')).toBeNull();
    expect(await source.certificate('AbCdEfGhIjKlMnOpQrStUv')).toBeNull();
  });
});

describe('page cache', () => {
  it('when the catalogue generation moves on, then every kept page is dropped', () => {
    let generation = 0;
    const cache = createPageCache(() => generation);
    cache.set('/', cachedPage(200, '<p>a</p>'), 0);
    expect(cache.get('/')?.bytes.toString()).toBe('<p>a</p>');
    generation = 1;
    expect(cache.get('/')).toBeUndefined();
  });

  it('when a page was rendered before a write, then it is not kept', () => {
    let generation = 0;
    const cache = createPageCache(() => generation);
    generation = 1;
    cache.set('/', cachedPage(200, '<p>velho</p>'), 0);
    expect(cache.get('/')).toBeUndefined();
  });
});

describe('page cache eviction', () => {
  const page = (text: string) => cachedPage(200, text.padEnd(100, '.'));

  it('when the kept pages pass the byte limit, then the least recently used go first', () => {
    const cache = createPageCache(() => 0, 250);
    cache.set('/a', page('a'), 0);
    cache.set('/b', page('b'), 0);
    expect(cache.get('/a')).toBeDefined();
    cache.set('/c', page('c'), 0);
    expect(cache.get('/b')).toBeUndefined();
    expect(cache.get('/a')).toBeDefined();
    expect(cache.get('/c')).toBeDefined();
    expect(cache.size()).toBe(200);
  });

  it('when a page is compressed, then its copy counts against the limit', () => {
    const cache = createPageCache(() => 0, 10_000);
    const big = cachedPage(200, 'x'.repeat(4000));
    cache.set('/a', big, 0);
    const zipped = cache.compressed('/a', big, 'gzip');
    expect(cache.size()).toBe(4000 + zipped.length);
    expect(cache.compressed('/a', big, 'gzip')).toBe(zipped);
  });

  it('when a thousand throw-away pages are kept, then the hot page asked between them stays', () => {
    const cache = createPageCache(() => 0, 100 * 20);
    cache.set('/hot', page('hot'), 0);
    for (let i = 0; i < 1000; i++) {
      cache.set(`/course-list?q=${i}`, page(String(i)), 0);
      expect(cache.get('/hot')).toBeDefined();
    }
    expect(cache.count()).toBe(20);
  });
});

describe('page template', () => {
  it('when index.html lacks the markers, then loading it fails clearly', () => {
    expect(() => parseTemplate('<html><body><div id="root"></div></body></html>')).toThrow(
      /page-head/,
    );
  });

  it('when a linked stylesheet is missing or could close the style element, then it stays linked', async () => {
    const dist = path.join(tmp, 'dist');
    await writeFile(path.join(dist, 'assets', 'odd.css'), 'a{}</style><script>x</script>');
    const links =
      '<link rel="stylesheet" href="/assets/missing.css"><link rel="stylesheet" href="/assets/odd.css">';

    expect(inlineStylesheets(links, dist)).toBe(links);
  });

  it('when a page has no head of its own, then the default title stays', () => {
    const html = parseTemplate(INDEX_HTML).fill({ head: '', html: '<p>x</p>', hydration: '{}' });
    expect(html).toContain('<title>Padrão</title>');
    expect(html).toContain('<div id="root"><p>x</p></div>');
  });

  it('when a page is rendered, then the app shell’s note asking for JavaScript is left out', () => {
    const shell = INDEX_HTML.replace(
      '<div id="root"></div>',
      '<div id="root"></div><noscript>Ative o JavaScript para usar o Aprendiz.</noscript>',
    );
    const html = parseTemplate(shell).fill({ head: '', html: '<p>x</p>', hydration: '{}' });
    expect(html).not.toContain('noscript');
    expect(html).toContain('</script></body></html>');
  });
});
