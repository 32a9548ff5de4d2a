import type { APIRequestContext, Page } from '@playwright/test';
import { THUMBNAIL_ORIGINAL_WIDTH } from '@aprendiz/contract/rules/image-variants';
import { openSignInFromBar } from '../support/account-bar';
import { expect, signIn, test } from '../support/fixtures';
import {
  blockExternalHosts,
  discountDeadline,
  findPreviewCourse,
  isSeededCourse,
  listCourses,
} from '../support/public';

// The app registers a service worker, whose requests page.route could not see.
test.use({ serviceWorkers: 'block' });

const STUDENT = { email: 'aluno@aprendiz.dev', password: 'aprendiz123' };

type PublicRoute = { path: string; status: number; title: RegExp; content: string[] };

/** Every public route, with what its first HTML must already hold. */
async function publicRoutes(request: APIRequestContext): Promise<PublicRoute[]> {
  const { course } = await findPreviewCourse(request);
  return [
    {
      path: '/',
      status: 200,
      title: /Cursos online de tecnologia \| Aprendiz/,
      content: ['Aprenda as habilidades mais procuradas e', 'Aprenda com os melhores'],
    },
    {
      path: '/course-list',
      status: 200,
      title: /Lista de Cursos/,
      content: ['cursos encontrados'],
    },
    {
      path: '/course-list/programacao',
      status: 200,
      title: /Cursos: programacao/,
      content: ['cursos encontrados', 'Programação'],
    },
    {
      path: `/course/${course._id}`,
      status: 200,
      title: new RegExp(course.courseTitle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
      content: [
        course.courseTitle,
        'Estrutura do curso',
        course.courseContent[0]!.chapterTitle,
        'Acessar Curso',
        discountDeadline(course),
      ],
    },
    { path: '/mentors-list', status: 200, title: /Mentores/, content: ['mentores encontrados'] },
    { path: '/job-list', status: 200, title: /Vagas de Emprego/, content: ['Vagas'] },
    {
      path: '/privacy-policy',
      status: 200,
      title: /Política de Privacidade/,
      content: ['Política de Privacidade'],
    },
    { path: '/contact', status: 200, title: /Contato/, content: ['Contato'] },
    {
      path: '/rota-que-nao-existe',
      status: 404,
      title: /Página não encontrada/,
      content: ['Página não encontrada'],
    },
    {
      path: '/course/00000000-0000-4000-8000-000000000000',
      status: 404,
      title: /Curso não encontrado/,
      content: ['Curso não encontrado'],
    },
  ];
}

function decodeEntities(html: string): string {
  return html
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** Console errors and uncaught errors of a page: a hydration mismatch shows as one of them. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    // The 404 routes answer 404 on purpose; the browser logs that as a failed resource.
    if (message.type() === 'error' && !message.text().includes('status of 404')) {
      errors.push(message.text());
    }
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

test.describe('Server-rendered public pages', () => {
  test(
    'each public route answers with its content, title and link-preview tags in the first HTML',
    { tag: '@desktop-only' },
    async ({ request }) => {
      for (const route of await publicRoutes(request)) {
        const response = await request.get(route.path, { headers: { Accept: 'text/html' } });
        expect(response.status(), route.path).toBe(route.status);
        const html = await response.text();
        const text = decodeEntities(html);
        expect(text, route.path).toMatch(
          new RegExp(`<title>[^<]*${route.title.source}[^<]*</title>`),
        );
        expect(text, route.path).toMatch(/<meta property="og:title" content="[^"]+"/);
        expect(text, route.path).toMatch(/<meta name="description" content="[^"]+"/);
        for (const snippet of route.content)
          expect(text, `${route.path}: ${snippet}`).toContain(snippet);
        expect(html, route.path).toContain('id="router-data"');
      }
      // The home teaser's cards are in the first HTML: 24 of the catalogue's titles (its order is
      // the contract's rule, unit-tested there).
      const home = decodeEntities(await (await request.get('/')).text());
      const catalogue = await listCourses(request);
      const shown = catalogue.filter((course) => home.includes(`>${course.courseTitle}<`));
      expect(shown.length).toBe(Math.min(24, catalogue.length));
    },
  );

  test(
    'a course page carries its preview image, price and a schema.org Course for search engines',
    { tag: '@desktop-only' },
    async ({ request, baseURL }) => {
      const { course } = await findPreviewCourse(request);
      const html = decodeEntities(await (await request.get(`/course/${course._id}`)).text());
      const image = html.match(/<meta property="og:image" content="([^"]+)"/)?.[1];
      expect(image).toMatch(/^https?:\/\//);
      expect(html).toMatch(/<meta property="product:price:amount" content="[\d.]+"/);
      expect(html).toContain(`<link rel="canonical" href="${baseURL}/course/${course._id}"`);
      expect(html).toContain('<meta name="twitter:card" content="summary_large_image"');
      const jsonLd = html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s)?.[1];
      const data = JSON.parse(jsonLd ?? 'null') as Record<string, unknown> & {
        provider: { name: string };
        offers: { price: number; priceCurrency: string };
      };
      expect(data['@type']).toBe('Course');
      expect(data.name).toBe(course.courseTitle);
      expect(data.provider.name).toBe('Aprendiz');
      expect(data.offers.priceCurrency).toBe('AOA');
    },
  );

  test(
    'robots.txt names the sitemap, which lists the published courses',
    { tag: '@desktop-only' },
    async ({ request }) => {
      const robots = await (await request.get('/robots.txt')).text();
      expect(robots).toMatch(/^Sitemap: http.*\/sitemap\.xml$/m);
      const sitemap = await (await request.get('/sitemap.xml')).text();
      for (const course of (await listCourses(request)).filter(isSeededCourse).slice(0, 5)) {
        expect(sitemap).toContain(`/course/${course._id}</loc>`);
      }
    },
  );

  for (const signedIn of [false, true]) {
    test(`every public route hydrates without an error, ${signedIn ? 'signed in' : 'signed out'}`, async ({
      page,
      request,
      baseURL,
    }) => {
      if (!baseURL) throw new Error('the config sets baseURL');
      await blockExternalHosts(page, baseURL);
      if (signedIn) {
        await page.goto('/');
        await page.getByRole('button', { name: 'Começar' }).first().click();
        await signIn(page, STUDENT.email, STUDENT.password);
      }
      const errors = collectErrors(page);
      for (const route of await publicRoutes(request)) {
        await page.goto(route.path, { waitUntil: 'networkidle' });
        await expect(page, route.path).toHaveTitle(route.title);
        expect(errors, route.path).toEqual([]);
      }
    });
  }

  test('a course card downloads a copy of its thumbnail near its own width, not the original', async ({
    playwright,
    baseURL,
  }, testInfo) => {
    // A browser of its own: Chrome draws a card from a larger copy it already holds in memory
    // (the original, loaded by another journey's course page in this worker's browser) rather than
    // download a smaller one, which is right for a visitor but hides what a first visit downloads.
    const { launchOptions, viewport, deviceScaleFactor, isMobile, hasTouch, userAgent } =
      testInfo.project.use;
    const browser = await playwright.chromium.launch(launchOptions);
    try {
      const context = await browser.newContext({
        baseURL,
        viewport,
        deviceScaleFactor,
        isMobile,
        hasTouch,
        userAgent,
      });
      const page = await context.newPage();
      await page.goto('/course-list', { waitUntil: 'networkidle' });
      const thumbnail = page.getByRole('list').getByRole('img').first();
      await expect(thumbnail).toHaveJSProperty('complete', true);
      const { currentSrc, devicePixels } = await thumbnail.evaluate((img: HTMLImageElement) => ({
        currentSrc: img.currentSrc,
        devicePixels: img.getBoundingClientRect().width * window.devicePixelRatio,
      }));
      // The original is in the srcset too (1280 wide): a card wider than 960 device pixels (a Pixel 7
      // draws it ~1000) is rightly drawn from it; what must never happen is the original for a small card.
      const copy = /\/uploads\/[^?]+\?w=(\d+)$/.exec(currentSrc)?.[1];
      const copyWidth = copy ? Number(copy) : THUMBNAIL_ORIGINAL_WIDTH;
      // The smallest copy that is still sharp on this screen.
      expect(copyWidth, currentSrc).toBeGreaterThanOrEqual(Math.min(devicePixels, 960));
      expect(copyWidth / devicePixels, currentSrc).toBeLessThan(1.6);
    } finally {
      await browser.close();
    }
  });

  test('the first page of a signed-out visit asks the API for nothing it already rendered', async ({
    page,
    request,
    baseURL,
  }) => {
    if (!baseURL) throw new Error('the config sets baseURL');
    await blockExternalHosts(page, baseURL);
    const { course } = await findPreviewCourse(request);
    const catalogueReads: string[] = [];
    page.on('request', (req) => {
      if (/\/api\/course\//.test(req.url())) catalogueReads.push(req.url());
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.goto(`/course/${course._id}`, { waitUntil: 'networkidle' });
    await page.goto('/course-list', { waitUntil: 'networkidle' });
    expect(catalogueReads).toEqual([]);
  });

  for (const signedIn of [false, true]) {
    test(`the home page does not shift while it loads and hydrates, ${signedIn ? 'signed in' : 'signed out'}`, async ({
      page,
      baseURL,
      isMobile,
    }) => {
      if (!baseURL) throw new Error('the config sets baseURL');
      await blockExternalHosts(page, baseURL);
      if (signedIn) {
        await page.goto('/', { waitUntil: 'networkidle' });
        await openSignInFromBar(page, isMobile);
        await signIn(page, STUDENT.email, STUDENT.password);
      }
      await page.addInitScript(() => {
        const shifts: { value: number; sources: string[] }[] = [];
        (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
            sources: { node?: Node }[];
          })[]) {
            if (entry.hadRecentInput) continue;
            shifts.push({
              value: entry.value,
              sources: entry.sources.map((source) =>
                source.node instanceof Element
                  ? source.node.outerHTML.slice(0, 80)
                  : String(source.node?.textContent),
              ),
            });
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto('/', { waitUntil: 'networkidle' });
      await page.waitForTimeout(1_500);
      const shifts = await page.evaluate(
        () => (window as unknown as { __shifts: { value: number; sources: string[] }[] }).__shifts,
      );
      // The session, read after hydration, fills in the bar without moving what was already there.
      expect(shifts).toEqual([]);
    });
  }
});

test.describe('Service worker and rendered pages', () => {
  test.use({ serviceWorkers: 'allow' });

  test(
    'with the worker in control, a navigation gets the rendered page from the network, and offline the page last seen',
    { tag: '@desktop-only' },
    async ({ page, context }) => {
      await page.goto('/', { waitUntil: 'networkidle' });
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      // The worker takes control of the page after it activates; a reload is then served through it.
      await page.reload({ waitUntil: 'networkidle' });
      await expect
        .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
        .toBe(true);

      const online = await page.goto('/mentors-list', { waitUntil: 'networkidle' });
      expect(online?.fromServiceWorker()).toBe(true);
      expect(await online?.text()).toContain('mentores encontrados');

      await context.setOffline(true);
      const offline = await page.goto('/mentors-list');
      expect(offline?.fromServiceWorker()).toBe(true);
      expect(await offline?.text()).toContain('mentores encontrados');
      await context.setOffline(false);
    },
  );
});
