import type { Page, Route } from '@playwright/test';
import { becomeEducator } from '../support/educator';
import { expect, signUp, test } from '../support/fixtures';

// When the API fails, a page says so with 'Tentar novamente' (never a loader for ever), and retrying
// once the API answers again shows the page. Both viewports.

const SERVER_DOWN = 'Falha simulada do servidor';

/** Answers every request for `path` with a 500 carrying the server's error shape, until undone. */
async function failApi(page: Page, path: string): Promise<() => Promise<void>> {
  const matches = (url: URL) => url.pathname === path;
  const handler = (route: Route) =>
    route.fulfill({ status: 500, json: { success: false, message: SERVER_DOWN } });
  await page.route(matches, handler);
  return () => page.unroute(matches, handler);
}

/** Drops every request for `path` as a lost connection would, until undone. */
async function dropApi(page: Page, path: string): Promise<() => Promise<void>> {
  const matches = (url: URL) => url.pathname === path;
  const handler = (route: Route) => route.abort('failed');
  await page.route(matches, handler);
  return () => page.unroute(matches, handler);
}

test.describe('when the API fails, the page says so and Tentar novamente recovers', () => {
  test('the course page, opened from the list while the API answers 500', async ({
    page,
    saveScreenshot,
  }) => {
    // Hydrated first (the page hydrates once idle): before that, a card is a plain link the server answers.
    await page.goto('/course-list', { waitUntil: 'networkidle' });
    const card = page.locator('main a[href^="/course/"]').first();
    const href = await card.getAttribute('href');
    if (!href) throw new Error('the course list shows no course');
    const restore = await failApi(page, `/api${href}`);

    // A client-side navigation: the course is read through the API, which fails.
    await card.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    const failed = page.getByRole('heading', {
      level: 1,
      name: 'Não foi possível carregar o curso',
    });
    await expect(failed).toBeVisible();
    await expect(page.getByRole('main').getByText(SERVER_DOWN)).toBeVisible();
    await saveScreenshot('load-error-course');

    await restore();
    await page.getByRole('button', { name: 'Tentar novamente' }).click();
    await expect(failed).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Tentar novamente' })).toHaveCount(0);
  });

  test('My Courses, when the enrollments cannot be reached at all', async ({
    page,
    saveScreenshot,
  }) => {
    const restore = await dropApi(page, '/api/user/enrolled-courses');
    await page.goto('/my-enrollments');
    await signUp(page, 'Aluna Sem Rede');

    await expect(page.getByRole('heading', { level: 1, name: 'Meus Cursos' })).toBeVisible();
    const failed = page.getByRole('main').getByText('Não foi possível carregar os seus cursos.');
    await expect(failed).toBeVisible();
    await saveScreenshot('load-error-my-courses');

    await restore();
    await page.getByRole('main').getByRole('button', { name: 'Tentar novamente' }).click();
    await expect(
      page.getByText('Parece que você não está matriculado em nenhum curso'),
    ).toBeVisible();
    await expect(failed).toBeHidden();
  });

  test("an educator's list, which used to spin for ever on a failure", async ({
    page,
    saveScreenshot,
  }) => {
    await becomeEducator(page, 'Educadora Resiliente');
    const restore = await failApi(page, '/api/educator/courses');
    await page.goto('/educator/my-courses');

    const failed = page.getByRole('heading', { name: 'Não foi possível carregar os seus cursos' });
    await expect(failed).toBeVisible();
    await expect(page.getByRole('main').getByText(SERVER_DOWN)).toBeVisible();
    await expect(page.getByRole('status', { name: 'Carregando os seus cursos…' })).toHaveCount(0);
    await saveScreenshot('load-error-educator-list');

    await restore();
    await page.getByRole('main').getByRole('button', { name: 'Tentar novamente' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'My Courses' })).toBeVisible();
    await expect(failed).toBeHidden();
  });
});
