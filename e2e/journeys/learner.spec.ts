import type { APIRequestContext, Page } from '@playwright/test';
import { expect, signUp, test } from '../support/fixtures';
import { isSeededCourse, openEveryChapter } from '../support/public';
import { myCourseEntry } from '../support/my-courses';

// The app registers a service worker, whose requests page.route could not see.
test.use({ serviceWorkers: 'block' });

test.beforeEach(async ({ page, baseURL }) => {
  if (!baseURL) throw new Error('the config sets baseURL');
  // The test machine has no internet: YouTube and other hosts are refused at once instead of hanging.
  const origin = new URL(baseURL).origin;
  await page.route(
    (url) => url.origin !== origin && url.protocol.startsWith('http'),
    (route) => route.abort('blockedbyclient'),
  );
});

type Lecture = {
  lectureId: string;
  lectureTitle: string;
  lectureUrl: string;
  isPreviewFree: boolean;
};
type Course = {
  _id: string;
  courseTitle: string;
  coursePrice: number;
  discount: number;
  totalLectures: number;
  educator: { _id: string; name: string };
  courseContent: { chapterTitle: string; chapterContent: Lecture[] }[];
};

function isFree(course: Course): boolean {
  return Math.round(course.coursePrice * 100 * (1 - course.discount / 100)) === 0;
}

/** The seeded catalogue, as GET /api/course/all lists it. */
async function catalogue(request: APIRequestContext): Promise<Course[]> {
  const response = await request.get('/api/course/all');
  expect(response.ok()).toBe(true);
  // The educator journeys publish courses on the same server: only the seed's are predictable.
  return ((await response.json()) as { courses: Course[] }).courses.filter(isSeededCourse);
}

async function courseDetail(request: APIRequestContext, id: string): Promise<Course> {
  const response = await request.get(`/api/course/${id}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { courseData: Course }).courseData;
}

async function freeCourse(request: APIRequestContext): Promise<Course> {
  const course = (await catalogue(request)).find(
    (entry) => isFree(entry) && entry.totalLectures > 1,
  );
  if (!course) throw new Error('the seed has no free course with two lectures or more');
  return courseDetail(request, course._id);
}

/** A paid course whose detail page shows a free preview and at least one locked lecture. */
async function paidCourse(request: APIRequestContext): Promise<Course> {
  for (const entry of await catalogue(request)) {
    if (isFree(entry)) continue;
    const course = await courseDetail(request, entry._id);
    const lectures = course.courseContent.flatMap((chapter) => chapter.chapterContent);
    if (lectures.some((l) => l.isPreviewFree) && lectures.some((l) => !l.isPreviewFree)) {
      return course;
    }
  }
  throw new Error('the seed has no paid course with a preview and a locked lecture');
}

/** Waits for the short animations now running (a toast sliding in) so axe sees the final colours. */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const short = document.getAnimations().filter((animation) => {
      const { duration, iterations } = animation.effect?.getComputedTiming() ?? {};
      return typeof duration === 'number' && duration < 1000 && iterations !== Infinity;
    });
    await Promise.all(short.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/** Closes the toasts the test has read, so the screenshot shows the page beneath them. */
async function dismissToasts(page: Page): Promise<void> {
  const toasts = page.locator('.Toastify__toast');
  const closers = toasts.getByRole('button', { name: 'close' });
  while ((await closers.count()) > 0) {
    // A toast may also close on its own (after 5 s) between the count and the click.
    await closers
      .first()
      .click({ timeout: 2_000 })
      .catch(() => undefined);
  }
  await expect(toasts).toHaveCount(0);
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(widths.scroll, 'page width vs viewport width').toBeLessThanOrEqual(widths.viewport);
}

type PageChecks = {
  saveScreenshot: (name: string, page?: Page, options?: { fullPage?: boolean }) => Promise<void>;
  expectAccessible: (page?: Page) => Promise<void>;
};

/** What every learner page gets on both viewports: no sideways scroll, axe, and a screenshot. */
async function checkPage(page: Page, name: string, checks: PageChecks): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expectNoSidewaysScroll(page);
  await settleAnimations(page);
  await checks.expectAccessible(page);
  await dismissToasts(page);
  await checks.saveScreenshot(name, page);
}

function buyButton(page: Page, course: Course) {
  return page
    .getByRole('complementary', { name: 'Preço e inscrição' })
    .getByRole('button', { name: isFree(course) ? 'Acessar Curso Gratis' : 'Acessar Curso' });
}

/**
 * Opens the course signed out, presses its buy button, and signs up from the dialog that opens:
 * the enrollment or the payment then goes on by itself, as the button was pressed for.
 */
async function signUpFromBuyButton(page: Page, course: Course, name: string): Promise<void> {
  // The server-rendered button answers once the page has hydrated.
  await page.goto(`/course/${course._id}`, { waitUntil: 'networkidle' });
  await buyButton(page, course).click();
  await expect(page.getByText('Faça login para se inscrever!')).toBeVisible();
  await signUp(page, name);
}

function myCourse(page: Page, course: Course, isMobile: boolean) {
  return myCourseEntry(page, course.courseTitle, isMobile);
}

test.describe('learner', () => {
  test('enrolls in a free course, marks a lecture, rates it, and finds both after a reload', async ({
    page,
    request,
    isMobile,
    saveScreenshot,
    expectAccessible,
  }) => {
    test.setTimeout(120_000);
    const checks = { saveScreenshot, expectAccessible };
    const course = await freeCourse(request);
    const total = course.totalLectures;
    const [first, second] = course.courseContent[0].chapterContent;

    await signUpFromBuyButton(page, course, 'Aluna Gratuita');
    await expect(page.getByText('Inscrição realizada com sucesso!')).toBeVisible();
    await expect(page).toHaveURL(/\/my-enrollments$/);

    await expect(page.getByRole('heading', { level: 1, name: 'Meus Cursos' })).toBeVisible();
    const entry = myCourse(page, course, isMobile);
    await expect(entry).toContainText('0%');
    await expect(entry).toContainText(`0 de ${total} aulas`);
    await checkPage(page, 'my-enrollments', checks);

    await entry.getByRole('link', { name: /^Continuar/ }).click();
    await expect(page).toHaveURL(new RegExp(`/player/${course._id}$`));
    await expect(page.getByRole('heading', { level: 1, name: course.courseTitle })).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 2, name: `1.1 ${first.lectureTitle}` }),
    ).toBeVisible();
    const video = page.getByTestId('video-player');
    const structure = page.getByRole('region', { name: 'Estrutura do curso' });
    // On a phone the video comes first, then the chapter list; on a desktop they sit side by side.
    const videoBox = await video.boundingBox();
    const listBox = await structure.boundingBox();
    if (!videoBox || !listBox) throw new Error('the video and the chapter list are on screen');
    if (isMobile) expect(listBox.y).toBeGreaterThan(videoBox.y + videoBox.height);
    else expect(listBox.x).toBeGreaterThan(videoBox.x + videoBox.width);
    await checkPage(page, 'player', checks);

    const firstRow = structure
      .getByRole('listitem')
      .filter({ hasText: first.lectureTitle })
      // The lecture's own row, not its chapter's, which holds it too.
      .last();
    await expect(firstRow.getByRole('img', { name: 'Concluída' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Marcar como concluído' }).click();
    await expect(page.getByText('Progresso do curso atualizado')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Concluído' })).toBeDisabled();
    await expect(firstRow.getByRole('img', { name: 'Concluída' })).toBeVisible();
    const percent = Math.floor(100 / total);
    const progress = page.getByRole('progressbar', { name: 'Progresso no curso' });
    await expect(progress).toHaveAttribute('aria-valuenow', String(percent));
    await expect(page.getByText(`1 de ${total} aulas`)).toBeVisible();

    await page.getByRole('button', { name: 'Próxima aula' }).click();
    await expect(
      page.getByRole('heading', { level: 2, name: `1.2 ${second.lectureTitle}` }),
    ).toBeVisible();

    const stars = page.getByRole('radiogroup', { name: 'Avalie este curso:' });
    // A learner clicks the star itself: the radio inside its label is visually hidden.
    await stars
      .locator('label')
      .filter({ has: page.getByRole('radio', { name: '4 estrelas' }) })
      .click();
    await expect(page.getByText('Avaliação registrada com sucesso')).toBeVisible();
    await checkPage(page, 'player-marked-and-rated', checks);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: course.courseTitle })).toBeVisible();
    await expect(stars.getByRole('radio', { name: '4 estrelas' })).toBeChecked();
    await expect(progress).toHaveAttribute('aria-valuenow', String(percent));
    await expect(firstRow.getByRole('img', { name: 'Concluída' })).toBeVisible();
    // The player resumes at the first lecture not completed, at its start: no Retomar.
    await expect(page.getByText('Retomar: continue de onde parou')).toHaveCount(0);
    await expect(
      page.getByRole('heading', { level: 2, name: `1.2 ${second.lectureTitle}` }),
    ).toBeVisible();

    await page.goto('/my-enrollments');
    await expect(myCourse(page, course, isMobile)).toContainText(`1 de ${total} aulas`);
    await expect(myCourse(page, course, isMobile)).toContainText(`${percent}%`);
  });

  test('marking lectures one after another shows one toast at a time, clear of the progress bar', async ({
    page,
    request,
    saveScreenshot,
  }) => {
    test.setTimeout(90_000);
    const course = await freeCourse(request);
    const total = course.totalLectures;

    await signUpFromBuyButton(page, course, 'Aluno Apressado');
    await expect(page).toHaveURL(/\/my-enrollments$/);
    await page.goto(`/player/${course._id}`);
    await expect(page.getByRole('heading', { level: 1, name: course.courseTitle })).toBeVisible();
    await dismissToasts(page);

    const toasts = page.locator('.Toastify__toast');
    await page.getByRole('button', { name: 'Marcar como concluído' }).click();
    await expect(toasts.filter({ hasText: 'Progresso do curso atualizado' })).toBeVisible();
    await page.getByRole('button', { name: 'Próxima aula' }).click();
    await page.getByRole('button', { name: 'Marcar como concluído' }).click();
    await expect(page.getByText(`2 de ${total} aulas`)).toBeVisible();
    await settleAnimations(page);
    // The second answer took the first one's place instead of stacking under it.
    await expect(toasts).toHaveCount(1);

    const toastBox = await toasts.boundingBox();
    const progressBox = await page
      .getByRole('progressbar', { name: 'Progresso no curso' })
      .boundingBox();
    if (!toastBox || !progressBox) throw new Error('the toast and the progress bar are on screen');
    const overlaps =
      toastBox.y < progressBox.y + progressBox.height &&
      progressBox.y < toastBox.y + toastBox.height &&
      toastBox.x < progressBox.x + progressBox.width &&
      progressBox.x < toastBox.x + toastBox.width;
    expect(overlaps, 'the toast covers the progress bar').toBe(false);
    await saveScreenshot('player-toast', page, { fullPage: false });
  });

  test('buys a paid course in the sandbox checkout and finds it in My Courses', async ({
    page,
    request,
    isMobile,
    saveScreenshot,
    expectAccessible,
  }) => {
    test.setTimeout(90_000);
    const checks = { saveScreenshot, expectAccessible };
    const course = await paidCourse(request);

    await signUpFromBuyButton(page, course, 'Aluno Pagante');
    await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]+$/);
    const checkoutUrl = page.url();
    await expect(page.getByRole('heading', { level: 1, name: 'Finalizar compra' })).toBeVisible();
    await expect(page.getByRole('note')).toContainText('Modo de teste');
    await expect(page.getByText(course.courseTitle)).toBeVisible();
    await expect(page.getByText(course.educator.name)).toBeVisible();
    await expect(page.getByText(/^Kz \d{1,3}(?:\.\d{3})*,\d{2}$/)).toBeVisible();
    await checkPage(page, 'checkout', checks);

    // Back from the unpaid checkout returns to the course, and Forward to the checkout again.
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/course/${course._id}$`));
    await expect(buyButton(page, course)).toBeVisible();
    await page.goForward();
    await expect(page).toHaveURL(checkoutUrl);

    await page.getByRole('button', { name: 'Pagar' }).click();
    await expect(page).toHaveURL(/\/loading\/my-enrollments$/);
    await expect(page.getByRole('status', { name: 'Carregando…' })).toBeVisible();
    // The 5 s wait says what is happening, in a live region, with the course's title.
    await expect(
      page.getByRole('status').filter({ hasText: 'Pagamento confirmado' }),
    ).toContainText(`Estamos adicionando ${course.courseTitle} a Meus Cursos.`);
    await settleAnimations(page);
    await saveScreenshot('loading-after-purchase', page, { fullPage: false });
    await expect(page).toHaveURL(/\/my-enrollments$/, { timeout: 15_000 });
    const entry = myCourse(page, course, isMobile);
    await expect(entry).toContainText(`0 de ${course.totalLectures} aulas`);

    await checkPage(page, 'my-enrollments-after-purchase', checks);

    // Back from My Courses returns to the course just bought, not past it.
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/course/${course._id}$`));
    await expect(page.getByRole('link', { name: 'Retomar Curso' })).toBeVisible();

    // The purchase is settled: its checkout page now only points to My Courses.
    await page.goto(checkoutUrl);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Pagamento concluído' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pagar' })).toHaveCount(0);
    await checkPage(page, 'checkout-completed', checks);
    await page.getByRole('link', { name: 'Ir para Meus Cursos' }).click();
    await expect(page).toHaveURL(/\/my-enrollments$/);

    await page.goto(`/course/${course._id}`);
    await expect(page.getByRole('link', { name: 'Retomar Curso' })).toBeVisible();
  });

  test('cancels in the sandbox checkout and is not enrolled', async ({
    page,
    request,
    isMobile,
    saveScreenshot,
    expectAccessible,
  }) => {
    test.setTimeout(90_000);
    const checks = { saveScreenshot, expectAccessible };
    const course = await paidCourse(request);

    await signUpFromBuyButton(page, course, 'Aluno Indeciso');
    await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]+$/);
    const checkoutUrl = page.url();
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await expect(page.getByText('Pagamento cancelado')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/course/${course._id}$`));
    await expect(buyButton(page, course)).toBeVisible();
    // Cancelling stepped back to the course page's own entry: Back now leaves the course.
    await page.goBack();
    await expect(page).not.toHaveURL(new RegExp(`/course/${course._id}$`));

    await page.goto(checkoutUrl);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Pagamento cancelado' }),
    ).toBeVisible();
    await checkPage(page, 'checkout-cancelled', checks);

    await page.goto('/my-enrollments');
    await expect(
      page.getByText('Parece que você não está matriculado em nenhum curso'),
    ).toBeVisible();
    await expect(myCourse(page, course, isMobile)).toHaveCount(0);
    await checkPage(page, 'my-enrollments-empty', checks);
    await page.getByRole('link', { name: 'Descobrir Cursos' }).click();
    await expect(page).toHaveURL(/\/course-list$/);

    await page.goto(`/player/${course._id}`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Você não está inscrito neste curso' }),
    ).toBeVisible();
    await checkPage(page, 'player-not-enrolled', checks);
    await page.getByRole('link', { name: 'Ver página do curso' }).click();
    await expect(page).toHaveURL(new RegExp(`/course/${course._id}$`));

    await page.goto('/checkout/00000000-0000-4000-8000-000000000000');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Pagamento não encontrado' }),
    ).toBeVisible();
    await checkPage(page, 'checkout-not-found', checks);
  });

  test('a signed-out click on the buy button warns and opens sign-in; learner pages ask to sign in', async ({
    page,
    request,
    saveScreenshot,
  }) => {
    const course = await paidCourse(request);
    await page.goto(`/course/${course._id}`);
    await buyButton(page, course).click();
    await expect(page.getByText('Faça login para se inscrever!')).toBeVisible();
    const dialog = page.getByRole('dialog', { name: 'Entrar' });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/course/${course._id}$`));
    await settleAnimations(page);
    await saveScreenshot('buy-signed-out');
    await dialog.getByRole('button', { name: 'Fechar' }).click();
    await expect(dialog).toBeHidden();

    for (const [path, heading] of [
      ['/my-enrollments', 'Meus Cursos'],
      [`/player/${course._id}`, 'Assistir ao curso'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('dialog', { name: 'Entrar' })).toBeVisible();
      await page
        .getByRole('dialog', { name: 'Entrar' })
        .getByRole('button', { name: 'Fechar' })
        .click();
    }
  });

  test('a locked lecture of a course not bought has no playable link on its page', async ({
    page,
    request,
  }) => {
    const course = await paidCourse(request);
    // The page arrives server-rendered with its data: the lectures it was given are in
    // the router data of its HTML.
    await page.goto(`/course/${course._id}`);
    const routerData = await page.evaluate(
      () => document.getElementById('router-data')?.textContent ?? '',
    );
    const lectures: Lecture[] = [];
    JSON.parse(routerData, (key, value: unknown) => {
      if (key === 'chapterContent' && Array.isArray(value)) lectures.push(...(value as Lecture[]));
      return value;
    });
    const locked = lectures.filter((lecture) => !lecture.isPreviewFree);
    expect(locked.length).toBeGreaterThan(0);
    for (const lecture of locked) expect(lecture.lectureUrl).toBe('');

    const structure = page.getByRole('region', { name: 'Estrutura do curso' });
    await expect(structure).toBeVisible();
    await openEveryChapter(structure);
    const lockedRow = structure
      .getByRole('listitem')
      .filter({ hasText: locked[0].lectureTitle })
      // The lecture's own row, not its chapter's, which holds it too.
      .last();
    await expect(lockedRow).toBeVisible();
    await expect(lockedRow.getByRole('button', { name: /Pré-visualizar/ })).toHaveCount(0);
    await expect(structure.getByRole('button', { name: /Pré-visualizar/ })).toHaveCount(
      lectures.filter((lecture) => lecture.isPreviewFree && lecture.lectureUrl !== '').length,
    );
  });
});
