import type { Page, Route } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { expect, test, uniqueEmail } from '../support/fixtures';
import {
  blockExternalHosts,
  courseChapter,
  discountDeadline,
  dragBy,
  findPreviewCourse,
} from '../support/public';
import { searchCourses } from '../support/search';

// Issue 30: public pages are painted by the server and usable before any script runs; the app
// hydrates them once the browser is idle, or as soon as a control is touched.

// The app registers a service worker, whose requests page.route could not see.
test.use({ serviceWorkers: 'block' });

test.beforeEach(async ({ page, baseURL }) => {
  if (!baseURL) throw new Error('the config sets baseURL');
  await blockExternalHosts(page, baseURL);
});

const SECRET_MESSAGE = 'Deus é amor. Jesus te ama!';

type Learner = {
  token: string;
  user: { _id: string; name: string; email: string; imageUrl: string };
  course: { _id: string; courseTitle: string };
};

/**
 * A learner made through the API, enrolled in a free course, with the page session handed over
 * from this page's browser context as the app hands it after signing in (its cookie jar is the
 * page's): what a learner who signed in earlier brings back to My Courses.
 */
async function learnerWithPageSession(page: Page, request: APIRequestContext): Promise<Learner> {
  const signedUp = await request.post('/api/auth/sign-up', {
    data: { name: 'Aluna Servida', email: uniqueEmail('ssr'), password: 'segredo-123' },
  });
  expect(signedUp.status()).toBe(201);
  const { token, user } = (await signedUp.json()) as Pick<Learner, 'token' | 'user'>;
  const all = await request.get('/api/course/all');
  const { courses } = (await all.json()) as {
    courses: { _id: string; courseTitle: string; coursePrice: number; discount: number }[];
  };
  const course = courses.find((c) => c.coursePrice * (1 - c.discount / 100) === 0);
  if (!course) throw new Error('the demo catalogue has no free course');
  const headers = { Authorization: `Bearer ${token}` };
  const enrolled = await request.post('/api/user/enroll-free-course', {
    headers,
    data: { courseId: course._id },
  });
  expect(enrolled.ok()).toBe(true);
  expect((await page.request.post('/api/auth/page-session', { headers })).status()).toBe(204);
  return { token, user, course };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test.describe('With JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('the home search finds courses and a course page shows everything the spec lists', async ({
    page,
    request,
    saveScreenshot,
  }) => {
    const { course } = await findPreviewCourse(request);
    // A word of the course's title that the search finds it by.
    const word = course.courseTitle.split(/\s+/).find((w) => w.length >= 4) ?? course.courseTitle;
    const answer = await searchCourses(request, { q: word });
    expect(answer.courses.map((c) => c._id)).toContain(course._id);

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Aprenda as habilidades mais procuradas e transforme a sua carreira.',
    );
    // The app shell's note is not shown on a page that works without scripts.
    await expect(page.getByText('Ative o JavaScript')).toHaveCount(0);
    await expect(
      page.getByRole('region', { name: 'Aprenda com os melhores' }).getByRole('link'),
    ).not.toHaveCount(0);
    await saveScreenshot('no-js-home');

    // Enter in the search box sends the form; the server answers /course-list/{input}.
    const box = page.getByRole('search').getByRole('combobox', { name: 'Pesquisar cursos' });
    await box.fill(word);
    await box.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/course-list/${escape(encodeURIComponent(word))}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Lista de Cursos' })).toBeVisible();
    const results = page.getByRole('region', { name: 'Cursos', exact: true });
    await expect(results.getByRole('listitem')).toHaveCount(answer.courses.length);
    await saveScreenshot('no-js-course-list');

    // A course card is a plain link.
    await results
      .getByRole('link', { name: new RegExp(escape(course.courseTitle)) })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`/course/${course._id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(course.courseTitle);
    const main = page.getByRole('main');
    // Rating stars, rating count, student count, educator.
    await expect(main.getByText(/\d+ avaliaç(ão|ões)/).first()).toBeVisible();
    await expect(main.getByText(/\d+ alunos?$/).first()).toBeVisible();
    await expect(main.getByText(/^Curso de /).first()).toBeVisible();
    // The chapter list: every chapter with its lecture count and duration.
    await expect(main.getByRole('heading', { name: 'Estrutura do curso' })).toBeVisible();
    for (const chapter of course.courseContent) {
      const count = chapter.chapterContent.length;
      await expect(
        main.getByRole('heading', {
          level: 3,
          name: new RegExp(`${escape(chapter.chapterTitle)}.*${count} aulas?`),
        }),
      ).toBeVisible();
    }
    // The price panel: discounted price, original struck through, percentage, banner, buy button.
    const panel = page.getByRole('complementary', { name: 'Preço e inscrição' });
    await expect(panel.getByText(discountDeadline(course))).toBeVisible();
    await expect(panel.getByText(`${course.discount}% off`)).toBeVisible();
    await expect(panel.locator('.line-through').first()).toBeVisible();
    await expect(panel.getByRole('button', { name: /^Acessar Curso/ })).toBeVisible();
    await saveScreenshot('no-js-course');
  });

  test('the chapters of a course page open and close, by pointer and by keyboard', async ({
    page,
    request,
    saveScreenshot,
  }) => {
    const { course } = await findPreviewCourse(request);
    const [firstChapter, secondChapter] = course.courseContent;
    if (!firstChapter || !secondChapter) throw new Error('the course has fewer than two chapters');
    await page.goto(`/course/${course._id}`);
    const structure = page.getByRole('region', { name: 'Estrutura do curso' });
    const first = courseChapter(structure, firstChapter.chapterTitle);
    const second = courseChapter(structure, secondChapter.chapterTitle);
    const lecturesOf = (chapter: typeof first, index: number) =>
      chapter.chapter.getByText(course.courseContent[index]!.chapterContent[0]!.lectureTitle, {
        exact: true,
      });

    // As the server renders it: the first chapter open, the others closed.
    await expect(first.chapter).toHaveAttribute('open');
    await expect(lecturesOf(first, 0)).toBeVisible();
    await expect(second.chapter).not.toHaveAttribute('open');
    await expect(lecturesOf(second, 1)).toBeHidden();
    await structure.scrollIntoViewIfNeeded();
    await saveScreenshot('no-js-course-chapters-first-open', page, { fullPage: false });

    // A press opens one chapter without closing another.
    await second.toggle.click();
    await expect(second.chapter).toHaveAttribute('open');
    await expect(lecturesOf(second, 1)).toBeVisible();
    await expect(first.chapter).toHaveAttribute('open');

    // The keyboard: each toggle is reached by Tab and works with Enter and Space.
    await first.toggle.focus();
    await page.keyboard.press('Enter');
    await expect(first.chapter).not.toHaveAttribute('open');
    await expect(lecturesOf(first, 0)).toBeHidden();
    await page.keyboard.press('Tab');
    await expect(second.toggle).toBeFocused();
    await page.keyboard.press('Space');
    await expect(second.chapter).not.toHaveAttribute('open');
    await structure.scrollIntoViewIfNeeded();
    await saveScreenshot('no-js-course-chapters-closed', page, { fullPage: false });
    await page.keyboard.press('Space');
    await expect(second.chapter).toHaveAttribute('open');
    await saveScreenshot('no-js-course-chapters-second-open', page, { fullPage: false });
  });

  test('My Courses is drawn for the signed-in learner by the server, and after Sair it is not', async ({
    page,
    request,
    saveScreenshot,
  }) => {
    const { token, course } = await learnerWithPageSession(page, request);
    await page.goto('/my-enrollments');
    await expect(page.getByRole('heading', { level: 1, name: 'Meus Cursos' })).toBeVisible();
    await expect(page.getByText('Ative o JavaScript')).toHaveCount(0);
    // The layout that fits the screen is shown by CSS alone: the table or the cards.
    const row = page.getByRole('progressbar', { name: `Progresso em ${course.courseTitle}` });
    await expect(row.filter({ visible: true })).toHaveCount(1);
    // The link names its course to a screen reader ('Continuar : …'); the hidden layout's is not read.
    await expect(
      page.getByRole('link', { name: `Continuar : ${course.courseTitle}`, exact: true }),
    ).toHaveCount(1);
    // Drawn signed in: the bell is only for someone signed in.
    await expect(page.getByRole('button', { name: 'Notificações' })).toHaveCount(1);
    await saveScreenshot('no-js-my-courses');

    const signedOut = await page.request.post('/api/auth/sign-out', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(signedOut.ok()).toBe(true);
    // The session is over: the app shell, which says it needs JavaScript, and nobody's courses.
    const shell = await page.goto('/my-enrollments');
    expect(await shell?.text()).toContain('Ative o JavaScript para usar o Aprendiz.');
    await expect(page.getByRole('heading', { name: 'Meus Cursos' })).toHaveCount(0);
    await expect(page.getByText(course.courseTitle)).toHaveCount(0);
  });

  test('the search box with a filter kept redirects with the filter', async ({ page }) => {
    await page.goto('/course-list?level=iniciante');
    const box = page.getByRole('search').getByRole('combobox', { name: 'Pesquisar cursos' });
    await box.fill('python');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/course-list\/python\?level=iniciante$/);
  });
});

/** Holds the app's chunk until `release` is called: the page stays as the server rendered it. */
async function holdApp(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/start-[\w-]+\.js$/, async (route: Route) => {
    await released;
    await route.continue();
  });
  return release;
}

test.describe('With JavaScript enabled', () => {
  test('nothing runs but the first script until the page is idle, and framer-motion waits for a logo', async ({
    page,
    isMobile,
  }) => {
    const scripts: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    // Hydrated once idle: the search box now suggests courses as the app does.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(scripts.some((s) => /\/assets\/start-/.test(s))).toBe(true);
    expect(scripts.filter((s) => /draggable-logo/.test(s))).toEqual([]);

    const section = page.getByRole('region', { name: 'Move a imagem, descubra um segredo' });
    const revealed = page.getByTestId('secret-revealed');
    await dragBy(page, section.getByRole('img', { name: 'Logo Python' }), 60, 40, isMobile);
    await expect(revealed).not.toHaveText('');
    expect(SECRET_MESSAGE.startsWith((await revealed.textContent()) ?? '')).toBe(true);
    await expect.poll(() => scripts.some((s) => /draggable-logo/.test(s))).toBe(true);
  });

  test('My Courses drawn by the server hydrates in place, as the learner, without asking for the courses again', async ({
    page,
    request,
  }) => {
    const learner = await learnerWithPageSession(page, request);
    await page.goto('/robots.txt');
    await page.evaluate(
      (user) => {
        localStorage.setItem('aprendiz.token', user.token);
        localStorage.setItem(
          'aprendiz.user',
          JSON.stringify({
            id: user.id,
            name: user.name,
            email: user.email,
            imageUrl: user.imageUrl,
          }),
        );
      },
      {
        token: learner.token,
        id: learner.user._id,
        name: learner.user.name,
        email: learner.user.email,
        imageUrl: learner.user.imageUrl,
      },
    );
    const reads: string[] = [];
    const failures: string[] = [];
    page.on('request', (req) => reads.push(new URL(req.url()).pathname));
    page.on('pageerror', (error) => failures.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') failures.push(message.text());
    });
    const release = await holdApp(page);
    const bell = page.waitForResponse(
      (res) => new URL(res.url()).pathname === '/api/notifications',
    );
    await page.goto('/my-enrollments', { waitUntil: 'load' });
    const title = learner.course.courseTitle;
    // The server's nodes, marked before the app runs: hydration keeps them, a client render would not.
    await page.evaluate((courseTitle) => {
      const marked = window as unknown as { serverNodes: Element[] };
      marked.serverNodes = [
        document.querySelector('h1'),
        ...Array.from(document.querySelectorAll('a[href^="/player/"]')),
      ].filter((node): node is Element => node !== null);
      if (!document.body.textContent?.includes(courseTitle)) throw new Error('not drawn');
    }, title);
    release();
    // The bell reads the learner's notifications once the app is live, signed in as them.
    expect((await bell).status()).toBe(200);
    await expect(
      page.getByRole('link', { name: `Continuar : ${title}`, exact: true }),
    ).toBeVisible();
    const kept = await page.evaluate(
      () =>
        (window as unknown as { serverNodes: Element[] }).serverNodes.filter(
          (node) => node.isConnected,
        ).length,
    );
    const drawn = await page.evaluate(
      () => (window as unknown as { serverNodes: Element[] }).serverNodes.length,
    );
    // The heading and one course's link in each layout (the table and the cards) were drawn; the
    // heading and the visible layout's link are kept, the hidden one's dropped once the width is known.
    expect(drawn).toBe(3);
    expect(kept).toBe(2);
    expect(reads).not.toContain('/api/user/enrolled-courses');
    expect(reads).not.toContain('/api/user/data');
    expect(failures).toEqual([]);
  });

  test('the buy button pressed before hydration acts once the page hydrates: a toast and sign-in', async ({
    page,
    request,
  }) => {
    const { course } = await findPreviewCourse(request);
    const release = await holdApp(page);
    await page.goto(`/course/${course._id}`, { waitUntil: 'load' });
    const panel = page.getByRole('complementary', { name: 'Preço e inscrição' });
    await panel.getByRole('button', { name: /^Acessar Curso/ }).click();
    // Nothing yet: the app is on its way.
    await expect(page.getByRole('dialog', { name: 'Entrar' })).toHaveCount(0);
    release();
    await expect(page.getByText('Faça login para se inscrever!')).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Entrar' })).toBeVisible();
  });

  test(
    'the install prompt shows for an install offer made before hydration',
    { tag: '@phone-only' },
    async ({ page }) => {
      await page.addInitScript(() => {
        // Chromium's offer, as the browser fires it early in the page's life.
        document.addEventListener('DOMContentLoaded', () => {
          const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
            prompt: () => Promise.resolve(),
            userChoice: Promise.resolve({ outcome: 'dismissed', platform: 'web' }),
          });
          window.dispatchEvent(offer);
        });
      });
      const release = await holdApp(page);
      await page.goto('/', { waitUntil: 'load' });
      await expect(page.getByRole('dialog', { name: 'Continuar no app' })).toHaveCount(0);
      const promptLoaded = page.waitForResponse(/\/assets\/install-prompt-[\w-]+\.js$/);
      release();
      // It waits for the learner to use the page (install-prompt.tsx): not on its own, once its
      // code has run and taken the offer; a scroll is enough.
      await promptLoaded;
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
      await expect(page.getByRole('dialog', { name: 'Continuar no app' })).toHaveCount(0);
      await page.mouse.wheel(0, 200);
      await expect(page.getByRole('dialog', { name: 'Continuar no app' })).toBeVisible();
    },
  );
});
