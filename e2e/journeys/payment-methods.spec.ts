import type { APIRequestContext, Page } from '@playwright/test';
import { expect, signUp, test } from '../support/fixtures';
import { isSeededCourse, listCourses } from '../support/public';

/** A seeded paid course the learner does not have. */
async function paidCourseId(request: APIRequestContext, index: number): Promise<string> {
  const paid = (await listCourses(request))
    .filter(isSeededCourse)
    .filter((c) => c.coursePrice * (1 - c.discount / 100) > 0);
  const course = paid[index % paid.length];
  if (!course) throw new Error('the seed has no paid course');
  return course._id;
}

/** Signs up from the course's buy button, buys, and follows 'Pagar com outro método'. */
async function openPaymentPage(page: Page, courseId: string, name: string): Promise<void> {
  await page.goto(`/course/${courseId}`, { waitUntil: 'networkidle' });
  const buy = page
    .getByRole('complementary', { name: 'Preço e inscrição' })
    .getByRole('button', { name: 'Acessar Curso' });
  await buy.click();
  await signUp(page, name);
  await buy.click();
  await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]+$/);
  await page.getByRole('link', { name: /Pagar com outro método/ }).click();
  await expect(page).toHaveURL(/\/payment\/[0-9a-f-]+$/);
  await expect(page.getByRole('heading', { name: 'Escolha um método de pagamento' })).toBeVisible();
}

async function choose(page: Page, method: string, phone?: string): Promise<void> {
  await page.getByRole('radio', { name: method }).check();
  if (phone) await page.getByLabel('Número de celular').fill(phone);
  await page.getByRole('button', { name: 'Continuar' }).click();
}

test.describe('paying by reference and Multicaixa Express (sandbox, Kz)', () => {
  test('pays a Multicaixa reference: entity, reference and amount, then the status turns paid by itself', async ({
    page,
    request,
    saveScreenshot,
  }, testInfo) => {
    const courseId = await paidCourseId(request, testInfo.project.name === 'phone' ? 1 : 0);
    await openPaymentPage(page, courseId, 'Aluna Referência');
    await saveScreenshot('payment-choose-method');
    await choose(page, 'Pagamento por referência');
    await expect(page.getByRole('heading', { name: 'Aguardando pagamento' })).toBeVisible();
    await expect(page.getByText('Entidade')).toBeVisible();
    await expect(page.getByText(/^\d{3} \d{3} \d{3}$/)).toBeVisible();
    await expect(page.getByText(/^Kz \d+\.\d{2}$/).first()).toBeVisible();
    await expect(page.getByRole('timer')).toContainText(/Expira em 2 d 23:5\d:\d\d/);
    await saveScreenshot('payment-reference');

    await page.getByRole('button', { name: 'Simular pagamento recebido' }).click();
    await expect(page).toHaveURL(/\/loading\/my-enrollments$|\/my-enrollments$/);
  });

  test('a Multicaixa Express push runs out, shows expirado, and another method pays @desktop-only', async ({
    page,
    request,
    saveScreenshot,
  }) => {
    test.setTimeout(200_000);
    const courseId = await paidCourseId(request, 2);
    await openPaymentPage(page, courseId, 'Aluno Express');
    await choose(page, 'Multicaixa Express', '923 456 789');
    await expect(page.getByText(/Aprove no app do seu celular/)).toBeVisible();
    await expect(page.getByRole('timer')).toContainText(/Expira em 1:[23]\d/);
    await saveScreenshot('payment-push');
    // 90 s later the countdown reaches zero and the server, asked, says it expired.
    await expect(page.getByRole('heading', { name: 'Pagamento expirado' })).toBeVisible({
      timeout: 120_000,
    });
    await saveScreenshot('payment-expired');
    await page.getByRole('button', { name: 'Tentar de novo' }).click();
    await choose(page, 'Pagamento por referência');
    await expect(page.getByRole('heading', { name: 'Aguardando pagamento' })).toBeVisible();
    await page.getByRole('button', { name: 'Simular pagamento recebido' }).click();
    await expect(page).toHaveURL(/\/loading\/my-enrollments$|\/my-enrollments$/);
  });
});

test.describe('paying with Pix (sandbox, a brl deployment: CURRENCY=brl)', () => {
  test('shows the QR and the copy-and-paste code, and turns paid without a reload', async ({
    page,
    request,
    saveScreenshot,
  }, testInfo) => {
    const methods = (await (await request.get('/api/payments/methods')).json()) as {
      methods: { id: string }[];
    };
    test.skip(!methods.methods.some((m) => m.id === 'pix'), 'the server does not charge in reais');
    const courseId = await paidCourseId(request, testInfo.project.name === 'phone' ? 4 : 3);
    await openPaymentPage(page, courseId, 'Aluna Pix');
    await choose(page, 'Pix');
    await expect(page.getByRole('heading', { name: 'Aguardando pagamento' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'QR code Pix deste pagamento' })).toBeVisible();
    await expect(page.getByLabel('Pix copia e cola')).toHaveValue(
      /^000201.*br\.gov\.bcb\.pix.*6304[0-9A-F]{4}$/,
    );
    await expect(page.getByRole('timer')).toContainText(/Expira em (30:00|29:\d\d)/);
    await saveScreenshot('payment-pix');
    await page.getByRole('button', { name: 'Simular pagamento recebido' }).click();
    await expect(page).toHaveURL(/\/loading\/my-enrollments$|\/my-enrollments$/);
  });
});
