import type { APIRequestContext } from '@playwright/test';
import { expect, signUp, test } from '../support/fixtures';
import { blockExternalHosts, isSeededCourse, listCourses } from '../support/public';
import { myCourseEntry } from '../support/my-courses';

/** A seeded paid course (their guarantee is the default 7 days), a different one per viewport. */
async function paidCourse(request: APIRequestContext, index: number) {
  const paid = (await listCourses(request))
    .filter(isSeededCourse)
    .filter((c) => c.coursePrice * (1 - c.discount / 100) > 0);
  const course = paid[index % paid.length];
  if (!course) throw new Error('the seed has no paid course');
  return course;
}

// The journeys tagged @eur run against the server that charges in euros (playwright.config.ts).
test.describe('the euro guarantee, stated once (issue 45) @eur', () => {
  test.use({ baseURL: process.env.E2E_EUR_URL, serviceWorkers: 'block' });

  test.beforeAll(async ({ request }) => {
    test.setTimeout(150_000);
    // Playwright starts this server without waiting for it.
    await expect
      .poll(async () => (await request.get('/api/health').catch(() => null))?.ok() ?? false, {
        timeout: 120_000,
      })
      .toBe(true);
  });

  // The player's video would ask YouTube: the machine has no internet.
  test.beforeEach(async ({ page }) => {
    await blockExternalHosts(page, process.env.E2E_EUR_URL!);
  });

  test('the course page, My Courses and the dialog name 14 days; after the waiver and a lecture opened, the reason replaces the button', async ({
    page,
    request,
    isMobile,
    saveScreenshot,
  }, testInfo) => {
    test.setTimeout(120_000);
    const course = await paidCourse(request, testInfo.project.name === 'phone' ? 5 : 4);

    await page.goto(`/course/${course._id}`, { waitUntil: 'networkidle' });
    const panel = page.getByRole('complementary', { name: 'Preço e inscrição' });
    // The course offers 7 days; in euros the law's 14 are what the buyer gets, and what is said.
    await expect(
      panel.getByText('Garantia de 14 dias: peça o reembolso em Meus cursos'),
    ).toBeVisible();
    await expect(page.getByText(/Garantia de 7 dias/)).toHaveCount(0);
    await panel.getByRole('checkbox', { name: /^Quero começar já/ }).check();
    await panel.getByRole('button', { name: 'Acessar Curso' }).click();
    await signUp(page, 'Aluna Garantia');
    await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]+$/);
    await page.getByRole('button', { name: 'Pagar' }).click();
    await expect(page).toHaveURL(/\/my-enrollments$/, { timeout: 20_000 });

    // Nothing opened yet: the refund is offered, with the same 14 days.
    const entry = myCourseEntry(page, course.courseTitle, isMobile);
    const refund = entry.getByRole('button', { name: /^Pedir reembolso/ });
    await expect(refund).toBeVisible();
    await expect(entry.getByText(/^Garantia de 14 dias, até/)).toBeVisible();
    await refund.click();
    const dialog = page.getByRole('dialog', { name: 'Pedir reembolso' });
    await expect(dialog).toContainText('está na garantia de 14 dias');
    await expect(dialog).toContainText(/Você recebe de volta .*\d[.,]\d{2}/);
    await saveScreenshot('eu-refund-dialog', page, { fullPage: false });
    await dialog.getByRole('button', { name: 'Cancelar' }).click();

    // The player hands every lecture out: with the waiver, that ends the right of withdrawal.
    await entry.getByRole('link', { name: /^Continuar/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: course.courseTitle })).toBeVisible();
    await page.goto('/my-enrollments');
    const after = myCourseEntry(page, course.courseTitle, isMobile);
    await expect(after.getByText(/^Você pediu para começar o curso na hora/)).toBeVisible();
    await expect(after.getByRole('button', { name: /Pedir reembolso/ })).toHaveCount(0);
    await saveScreenshot('eu-refund-waived', page, { fullPage: false });
  });
});
