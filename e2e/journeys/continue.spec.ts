import type { APIRequestContext, Page, Request } from '@playwright/test';
import { expect, signIn, signUp, signUpThroughApi, test, uniqueEmail } from '../support/fixtures';
import { settleAnimations, withoutToasts } from '../support/educator';
import { expectNoSidewaysScroll, isSeededCourse } from '../support/public';
import { setUpWalk, type Course } from '../support/walk';

// Issue 31, 'Continue what I started': what a learner began carries on after sign-in, Back and a
// lecture change, on the desktop and on the phone.

setUpWalk();

const PASSWORD = 'segredo-123';

const isFree = (course: Course) => Math.round(course.coursePrice * (100 - course.discount)) === 0;

async function courseDetail(request: APIRequestContext, id: string): Promise<Course> {
  const response = await request.get(`/api/course/${id}`);
  return ((await response.json()) as { courseData: Course }).courseData;
}

/** A seeded course, free or paid, with two chapters and two lectures or more in the first. */
async function seededCourse(request: APIRequestContext, free: boolean): Promise<Course> {
  const response = await request.get('/api/course/all');
  const { courses } = (await response.json()) as { courses: Course[] };
  for (const entry of courses.filter(isSeededCourse)) {
    if (isFree(entry) !== free) continue;
    const course = await courseDetail(request, entry._id);
    const [first, second] = course.courseContent;
    if (first && second && first.chapterContent.length >= 2) return course;
  }
  throw new Error(`the seed has no ${free ? 'free' : 'paid'} course with two chapters`);
}

/** The POSTs that enroll or start a payment, as the page sends them. */
function purchaseRequests(page: Page): Request[] {
  const sent: Request[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (
      request.method() === 'POST' &&
      (path === '/api/user/purchase' || path === '/api/user/enroll-free-course')
    ) {
      sent.push(request);
    }
  });
  return sent;
}

function buyButton(page: Page, course: Course) {
  return page
    .getByRole('complementary', { name: 'Preço e inscrição' })
    .getByRole('button', { name: isFree(course) ? 'Acessar Curso Gratis' : 'Acessar Curso' });
}

/** The list, then the course from it, signed out: the history a visitor has when they press buy. */
async function arriveAtCourse(page: Page, course: Course): Promise<void> {
  await page.goto('/course-list');
  // The server-rendered button answers once the page has hydrated.
  await page.goto(`/course/${course._id}`, { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1, name: course.courseTitle })).toBeVisible();
}

test.describe('signing in from Acessar Curso goes on with the purchase', () => {
  test('a free course: signed in, the enrollment happens by itself, once, and Back or a reload does not repeat it', async ({
    page,
    request,
    saveScreenshot,
  }) => {
    test.setTimeout(90_000);
    const course = await seededCourse(request, true);
    const email = uniqueEmail('continua');
    await signUpThroughApi(request, { name: 'Aluna Continua', email, password: PASSWORD });
    const purchases = purchaseRequests(page);

    await arriveAtCourse(page, course);
    await buyButton(page, course).click();
    await expect(page.getByText('Faça login para se inscrever!')).toBeVisible();
    await signIn(page, email, PASSWORD);
    await expect(page.getByText('Inscrição realizada com sucesso!')).toBeVisible();
    await settleAnimations(page);
    await saveScreenshot('continue-free-enrolled', page, { fullPage: false });
    await expect(page).toHaveURL(/\/my-enrollments$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Meus Cursos' })).toBeVisible();
    expect(purchases).toHaveLength(1);

    // Back: the course, owned now, with no request left in its address.
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/course/${course._id}$`));
    await expect(page.getByRole('link', { name: 'Retomar Curso' }).first()).toBeVisible();
    await page.reload();
    await expect(page.getByRole('link', { name: 'Retomar Curso' }).first()).toBeVisible();
    // Back once more leaves the course for the list it was opened from.
    await page.goBack();
    await expect(page).toHaveURL(/\/course-list$/);
    expect(purchases).toHaveLength(1);
  });

  test('a paid course: after Criar conta the sandbox checkout opens by itself, once, and Back returns to the course without buying again', async ({
    page,
    request,
    saveScreenshot,
    expectAccessible,
  }) => {
    test.setTimeout(90_000);
    const course = await seededCourse(request, false);
    const purchases = purchaseRequests(page);

    await arriveAtCourse(page, course);
    await buyButton(page, course).click();
    await signUp(page, 'Aluno Continua');
    await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Finalizar compra' })).toBeVisible();
    await expect(page.getByRole('note')).toContainText('Modo de teste');
    await expect(page.getByText(course.courseTitle)).toBeVisible();
    // The new account is there: its welcome stays in view on the checkout.
    await expect(page.getByText('Conta criada. Boas-vindas, Aluno!')).toBeVisible();
    await settleAnimations(page);
    await expectAccessible();
    await saveScreenshot('continue-paid-checkout', page, { fullPage: false });
    expect(purchases).toHaveLength(1);

    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/course/${course._id}$`));
    await expect(buyButton(page, course)).toBeVisible();
    await page.reload();
    await expect(buyButton(page, course)).toBeVisible();
    // Long enough for a purchase the page was going to start to have been sent.
    await page.waitForTimeout(1_000);
    expect(purchases).toHaveLength(1);
    await withoutToasts(page, () => saveScreenshot('continue-paid-back-to-course', page));
  });
});

test.describe('the course list keeps its place', () => {
  test('Ver mais, a course, then Back: the longer list at the same scroll position', async ({
    page,
    saveScreenshot,
  }) => {
    test.setTimeout(90_000);
    await page.goto('/course-list', { waitUntil: 'networkidle' });
    const results = page.getByRole('region', { name: 'Cursos', exact: true });
    const cards = results.getByRole('listitem');
    await expect(cards).toHaveCount(24);
    await results.getByRole('button', { name: 'Ver mais' }).click();
    await expect(cards.nth(24)).toBeVisible();
    const shown = await cards.count();
    expect(shown).toBeGreaterThan(24);
    await expect(page).toHaveURL(/\/course-list\?mostrar=48$/);

    // Down the list, past the first page, a course is opened.
    const card = cards.nth(29);
    await card.scrollIntoViewIfNeeded();
    await card.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    const title = (await card.getByRole('heading').textContent()) ?? '';
    const before = await page.evaluate(() => window.scrollY);
    expect(before).toBeGreaterThan(1000);
    await saveScreenshot('course-list-before-course', page, { fullPage: false });
    await card.getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    // The course opens at its top.
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(50);

    await page.goBack();
    await expect(page).toHaveURL(/\/course-list\?mostrar=48$/);
    await expect(cards).toHaveCount(shown);
    await expect
      .poll(async () => Math.abs((await page.evaluate(() => window.scrollY)) - before))
      .toBeLessThan(40);
    await expect(card.getByRole('heading')).toHaveText(title);
    await expect(card).toBeInViewport();
    await expectNoSidewaysScroll(page);
    await saveScreenshot('course-list-after-back', page, { fullPage: false });
  });

  test('changing the order replaces the address: Back leaves the list instead of undoing the sort', async ({
    page,
  }) => {
    await page.goto('/');
    await page.goto('/course-list', { waitUntil: 'networkidle' });
    const results = page.getByRole('region', { name: 'Cursos', exact: true });
    await expect(results.getByRole('listitem')).toHaveCount(24);
    await results.getByRole('button', { name: 'Ver mais' }).click();
    await expect(page).toHaveURL(/\/course-list\?mostrar=48$/);

    const sort = page.getByRole('combobox', { name: 'Ordenar por' });
    await sort.selectOption({ label: 'Menor preço' });
    // A new order starts the list again from its first page.
    await expect(page).toHaveURL(/\/course-list\?sort=price$/);
    await expect(results.getByRole('listitem')).toHaveCount(24);
    await sort.selectOption({ label: 'Mais alunos' });
    await expect(page).toHaveURL(/\/course-list\?sort=students$/);
    await page
      .getByRole('group', { name: 'Nível' })
      .getByRole('button', { name: 'Iniciante' })
      .click();
    await expect(page).toHaveURL(/\/course-list\?level=iniciante&sort=students$/);

    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('the player keeps the resume point with the video blocked', () => {
  test('choosing other lectures while YouTube cannot load: the player reopens at the last one chosen', async ({
    page,
    request,
    saveScreenshot,
    expectAccessible,
  }) => {
    test.setTimeout(90_000);
    // YouTube's iframe API refused outright, as a school or office network might.
    await page.route(
      (url) => url.hostname.endsWith('youtube.com'),
      (route) => route.abort('blockedbyclient'),
    );
    const course = await seededCourse(request, true);
    const [chapterOne, chapterTwo] = course.courseContent as [
      Course['courseContent'][number],
      Course['courseContent'][number],
    ];
    const second = chapterOne.chapterContent[1]!;
    const later = chapterTwo.chapterContent[0]!;
    const email = uniqueEmail('bloqueado');
    const token = await signUpThroughApi(request, {
      name: 'Aluna Bloqueada',
      email,
      password: PASSWORD,
    });
    const auth = { Authorization: `Bearer ${token}` };
    const enrolled = await request.post('/api/user/enroll-free-course', {
      headers: auth,
      data: { courseId: course._id },
    });
    expect(enrolled.ok()).toBe(true);
    const resumePoint = async () =>
      (await (await request.get(`/api/user/resume/${course._id}`, { headers: auth })).json()) as {
        lectureId: string | null;
        seconds: number;
      };

    await page.goto(`/player/${course._id}`);
    await signIn(page, email, PASSWORD);
    await expect(page.getByRole('heading', { level: 1, name: course.courseTitle })).toBeVisible();
    await expect(page.getByText('Não foi possível carregar o vídeo agora.')).toBeVisible();

    // The first lecture chosen: its video cannot load either.
    await page.getByRole('button', { name: `Assistir: 1.2 ${second.lectureTitle}` }).click();
    await expect(
      page.getByRole('heading', { level: 2, name: `1.2 ${second.lectureTitle}` }),
    ).toBeVisible();
    // Its player never gets ready either: no YouTube frame, so no position to read.
    await expect(page.getByTestId('video-player').locator('iframe')).toHaveCount(0);

    // Another lecture: the one left becomes the resume point, by an authenticated save with no
    // second (its video never said one), which the server stores as its start.
    const saved = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/user/lecture-position' &&
        response.request().method() === 'POST',
    );
    const structure = page.getByRole('region', { name: 'Estrutura do curso' });
    await structure.getByRole('button', { name: chapterTwo.chapterTitle }).click();
    await page.getByRole('button', { name: `Assistir: 2.1 ${later.lectureTitle}` }).click();
    const save = await saved;
    expect(save.status()).toBe(200);
    expect(save.request().postDataJSON()).toEqual({
      courseId: course._id,
      lectureId: second.lectureId,
    });
    await expect.poll(resumePoint).toMatchObject({ lectureId: second.lectureId, seconds: 0 });

    // Leaving the player for My Courses: the lecture now open is kept too (by the beacon).
    await page.getByRole('link', { name: 'Meus Cursos', exact: true }).first().click();
    await expect(page).toHaveURL(/\/my-enrollments$/);
    await expect.poll(resumePoint).toMatchObject({ lectureId: later.lectureId, seconds: 0 });

    await page.goto(`/player/${course._id}`);
    await expect(
      page.getByRole('heading', { level: 2, name: `2.1 ${later.lectureTitle}` }),
    ).toBeVisible();
    // At its start: nothing resumes part-way, so no Retomar.
    await expect(page.getByText('Retomar: continue de onde parou')).toHaveCount(0);
    await settleAnimations(page);
    await expectAccessible();
    await withoutToasts(page, () => saveScreenshot('player-resumed-video-blocked', page));
  });
});
