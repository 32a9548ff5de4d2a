import type { Page, Route } from '@playwright/test';
import { expect, test } from '../support/fixtures';
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
