import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, signIn, signUpThroughApi, test, uniqueEmail } from '../support/fixtures';
import { openSignInFromBar } from '../support/account-bar';

const PASSWORD = 'segredo-123';

type ApiCourse = { _id: string; coursePrice: number; discount: number };
type ApiChapter = { chapterContent: { lectureId: string }[] };

/** A free course of the seed and its first lecture. */
async function freeCourse(request: APIRequestContext) {
  const listed = (await (await request.get('/api/course/all')).json()) as { courses: ApiCourse[] };
  const free = listed.courses.find((c) => c.coursePrice * (1 - c.discount / 100) === 0);
  if (!free) throw new Error('the seed has no free course');
  const detail = (await (await request.get(`/api/course/${free._id}`)).json()) as {
    courseData: { courseContent: ApiChapter[] };
  };
  return {
    id: free._id,
    lectureId: detail.courseData.courseContent[0]!.chapterContent[0]!.lectureId,
  };
}

/** A learner enrolled in a free course, made through the API. */
async function enrolledLearner(request: APIRequestContext, name: string, prefix: string) {
  const email = uniqueEmail(prefix);
  const token = await signUpThroughApi(request, { name, email, password: PASSWORD });
  const headers = { Authorization: `Bearer ${token}` };
  const course = await freeCourse(request);
  const enrolled = await request.post('/api/user/enroll-free-course', {
    headers,
    data: { courseId: course.id },
  });
  expect(enrolled.ok()).toBe(true);
  return { email, headers, course };
}

async function openProfileSignedIn(page: Page, isMobile: boolean, email: string) {
  await page.goto('/');
  await openSignInFromBar(page, isMobile);
  await signIn(page, email, PASSWORD);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Meus dados' })).toBeVisible();
}

async function closeAccount(page: Page) {
  await page.getByRole('button', { name: 'Quero excluir minha conta' }).click();
  await page.getByLabel('Sua senha, para confirmar').fill(PASSWORD);
  await page.getByRole('button', { name: 'Excluir minha conta', exact: true }).click();
  // The server ended every session: the page signs out and goes home, without asking to sign in.
  await expect(page.getByText(/Exclusão agendada para/)).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('dialog', { name: 'Entrar' })).toHaveCount(0);
}

test.describe('my data and my account', () => {
  test('download the data and find a note written earlier in the ZIP; ask to close the account and take it back by signing in', async ({
    page,
    request,
    isMobile,
    saveScreenshot,
    expectAccessible,
  }) => {
    test.setTimeout(120_000);
    const learner = await enrolledLearner(request, 'Aline Privada', 'dados');
    const note = `Lembrar do prazo de 15 dias ${Date.now().toString(36)}`;
    const added = await request.post(`/api/course/${learner.course.id}/notes`, {
      headers: learner.headers,
      data: { lectureId: learner.course.lectureId, positionSeconds: 12, text: note },
    });
    expect(added.status()).toBe(201);

    await openProfileSignedIn(page, isMobile, learner.email);
    await page.getByRole('button', { name: 'Baixar meus dados' }).click();
    const link = page.getByRole('link', { name: 'Baixar o arquivo (ZIP)' });
    await expect(link).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(/Você poderá pedir outra cópia a partir de/)).toBeVisible();
    await page.getByRole('heading', { name: 'Meus dados' }).scrollIntoViewIfNeeded();
    await saveScreenshot('privacy-my-data');
    await expectAccessible();

    const downloading = page.waitForEvent('download');
    await link.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^meus-dados-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = unzipSync(new Uint8Array(await readFile(await download.path())));
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining(['LEIA-ME.txt', 'perfil.json', 'notas.json', 'matriculas.json']),
    );
    expect(strFromU8(files['notas.json']!)).toContain(note);
    expect(strFromU8(files['LEIA-ME.txt']!)).toContain('notas.json');

    await page.getByRole('button', { name: 'Quero excluir minha conta' }).click();
    await expect(page.getByLabel('Sua senha, para confirmar')).toBeVisible();
    await saveScreenshot('privacy-close-account');
    await expectAccessible();
    await page.getByRole('button', { name: 'Voltar' }).click();
    await closeAccount(page);
    await saveScreenshot('privacy-deletion-scheduled', page, { fullPage: false });

    // Signing in again (the profile asks for it by itself) is what takes the closing back.
    await page.goto('/profile');
    await signIn(page, learner.email, PASSWORD);
    await expect(page.getByText('A exclusão da sua conta foi cancelada.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Quero excluir minha conta' })).toBeVisible();
  });
});

// The @brl server (playwright.config.ts) closes accounts with ACCOUNT_DELETION_COOL_OFF_DAYS=0: no
// endpoint changes a running server's cool-off, and no other journey there closes an account.
test.describe('closing an account for real (cool-off 0, the brl deployment) @brl', () => {
  test.use({ baseURL: process.env.E2E_BRL_URL });

  test.beforeAll(async ({ request }) => {
    test.setTimeout(150_000);
    await expect
      .poll(async () => (await request.get('/api/health').catch(() => null))?.ok() ?? false, {
        message: `the server at ${process.env.E2E_BRL_URL} answers`,
        timeout: 120_000,
      })
      .toBe(true);
  });

  test('the account is retired and the review it wrote is signed "Pessoa removida"', async ({
    page,
    request,
    isMobile,
    saveScreenshot,
  }) => {
    test.setTimeout(120_000);
    const review = `Aprendi muito ${Date.now().toString(36)}`;
    const learner = await enrolledLearner(request, 'Bruno Despedida', 'adeus');
    const rated = await request.post('/api/user/add-rating', {
      headers: learner.headers,
      data: { courseId: learner.course.id, rating: 5, review },
    });
    expect(rated.ok()).toBe(true);

    await openProfileSignedIn(page, isMobile, learner.email);
    await expect(page.getByText(/logo após o pedido e não pode ser desfeita/)).toBeVisible();
    await closeAccount(page);

    type Reviews = { reviews: { name: string; review: string }[] };
    await expect
      .poll(
        async () => {
          const res = await request.get(`/api/course/${learner.course.id}/reviews`);
          const body = (await res.json()) as Reviews;
          return body.reviews.find((r) => r.review === review)?.name;
        },
        { message: 'the retirement job signs the review', timeout: 30_000 },
      )
      .toBe('Pessoa removida');
    await page.goto(`/course/${learner.course.id}`);
    const signed = page
      .getByRole('article', { name: 'Avaliação de Pessoa removida' })
      .filter({ hasText: review });
    await expect(signed).toBeVisible();
    await signed.scrollIntoViewIfNeeded();
    await saveScreenshot('privacy-review-removed-person', page, { fullPage: false });

    const gone = await request.post('/api/auth/sign-in', {
      data: { email: learner.email, password: PASSWORD },
    });
    expect(gone.status()).toBe(401);
  });
});
