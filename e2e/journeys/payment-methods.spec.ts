import type { APIRequestContext, Page } from '@playwright/test';
import { expect, signIn, signUp, signUpThroughApi, test, uniqueEmail } from '../support/fixtures';
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

function pricePanel(page: Page) {
  return page.getByRole('complementary', { name: 'Preço e inscrição' });
}

/**
 * Opens the course, picks the method in its price panel ('Como quer pagar?'), signs up from the buy
 * button and buys: the browser lands on the payment page of that method.
 */
async function buyWith(
  page: Page,
  courseId: string,
  name: string,
  method: string,
  phone?: string,
): Promise<void> {
  await page.goto(`/course/${courseId}`, { waitUntil: 'networkidle' });
  const panel = pricePanel(page);
  await expect(panel.getByRole('radio', { name: 'Cartão' })).toBeChecked();
  await panel.getByRole('radio', { name: method }).check();
  if (phone) await panel.getByLabel('Número de celular').fill(phone);
  const buy = panel.getByRole('button', { name: 'Acessar Curso' });
  await buy.click();
  await signUp(page, name);
  await buy.click();
  await expect(page).toHaveURL(/\/payment\/[0-9a-f-]+$/);
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
    await page.goto(`/course/${courseId}`, { waitUntil: 'networkidle' });
    const methods = pricePanel(page).getByRole('group', { name: 'Como quer pagar?' });
    await expect(methods).toBeVisible();
    await saveScreenshot('course-payment-methods');
    // A push asks for the phone it goes to, in the panel.
    await methods.getByRole('radio', { name: 'Multicaixa Express' }).check();
    await expect(methods.getByLabel('Número de celular')).toBeVisible();
    await methods.scrollIntoViewIfNeeded();
    await saveScreenshot('course-payment-push-phone', page, { fullPage: false });
    await buyWith(page, courseId, 'Aluna Referência', 'Pagamento por referência');
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
    await buyWith(page, courseId, 'Aluno Express', 'Multicaixa Express', '923 456 789');
    await expect(page.getByText(/Aprove no app do seu celular/)).toBeVisible();
    await expect(page.getByRole('timer')).toContainText(/Expira em 1:[23]\d/);
    await saveScreenshot('payment-push');
    // 90 s later the countdown reaches zero and the server, asked, says it expired.
    await expect(page.getByRole('heading', { name: 'Pagamento expirado' })).toBeVisible({
      timeout: 120_000,
    });
    await saveScreenshot('payment-expired');
    await page.getByRole('button', { name: 'Tentar de novo' }).click();
    await saveScreenshot('payment-choose-method');
    await choose(page, 'Pagamento por referência');
    await expect(page.getByRole('heading', { name: 'Aguardando pagamento' })).toBeVisible();
    await page.getByRole('button', { name: 'Simular pagamento recebido' }).click();
    await expect(page).toHaveURL(/\/loading\/my-enrollments$|\/my-enrollments$/);
  });
});

// The journeys tagged @brl run against the second server (playwright.config.ts), which charges in reais.
test.describe('paying with Pix (sandbox, a brl deployment) @brl', () => {
  test.use({ baseURL: process.env.E2E_BRL_URL });

  // Playwright starts this server without waiting for it (playwright.config.ts): it is waited for here.
  test.beforeAll(async ({ request }) => {
    test.setTimeout(150_000);
    await expect
      .poll(
        async () => {
          const res = await request.get('/api/health').catch(() => null);
          return res?.ok() ?? false;
        },
        { message: `the brl server at ${process.env.E2E_BRL_URL} answers`, timeout: 120_000 },
      )
      .toBe(true);
  });

  test('prices say R$, the QR and the copy-and-paste code show, and the page turns paid by itself when the money arrives', async ({
    page,
    request,
    saveScreenshot,
  }, testInfo) => {
    const methods = (await (await request.get('/api/payments/methods')).json()) as {
      currency: string;
      methods: { id: string }[];
    };
    expect(methods.currency).toBe('brl');
    expect(methods.methods.map((m) => m.id)).toContain('pix');
    const courseId = await paidCourseId(request, testInfo.project.name === 'phone' ? 1 : 0);
    const account = { name: 'Aluna Pix', email: uniqueEmail('pix'), password: 'segredo-123' };
    const token = await signUpThroughApi(request, account);

    // The same build as the kwanza server: every label follows this server's CURRENCY, from the
    // server-rendered HTML on.
    const listed = await request.get('/course-list');
    expect(await listed.text()).toMatch(/R\$ \d+\.\d{2}/);
    await page.goto('/course-list');
    await expect(page.getByText(/^R\$ \d+\.\d{2}$/).first()).toBeVisible();
    await page.goto(`/course/${courseId}`, { waitUntil: 'networkidle' });
    const panel = pricePanel(page);
    await expect(panel.getByText(/^R\$ \d+\.\d{2}$/).first()).toBeVisible();
    await expect(page.getByText(/^Kz /)).toHaveCount(0);
    await panel.getByRole('radio', { name: 'Pix' }).check();
    await panel.getByRole('button', { name: 'Acessar Curso' }).click();
    await signIn(page, account.email, account.password);
    await panel.getByRole('button', { name: 'Acessar Curso' }).click();
    await expect(page).toHaveURL(/\/payment\/[0-9a-f-]+$/);
    const purchaseId = new URL(page.url()).pathname.split('/').pop()!;

    await expect(page.getByRole('heading', { name: 'Aguardando pagamento' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'QR code Pix deste pagamento' })).toBeVisible();
    await expect(page.getByLabel('Pix copia e cola')).toHaveValue(
      /^000201.*br\.gov\.bcb\.pix.*6304[0-9A-F]{4}$/,
    );
    await expect(page.getByText(/^R\$ \d+\.\d{2}$/).first()).toBeVisible();
    await expect(page.getByRole('timer')).toContainText(/Expira em (30:00|29:\d\d)/);
    await saveScreenshot('payment-pix');

    // The bank confirms out of band (the sandbox's stand-in for the provider's event); the page,
    // never reloaded, sees it and moves on.
    await page.evaluate(() => {
      (window as unknown as { stillThisPage: boolean }).stillThisPage = true;
    });
    const paid = await request.post(`/api/payments/sandbox/${purchaseId}/complete`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(paid.status()).toBe(200);
    await expect(page).toHaveURL(/\/loading\/my-enrollments$|\/my-enrollments$/);
    expect(
      await page.evaluate(() => (window as unknown as { stillThisPage?: boolean }).stillThisPage),
    ).toBe(true);
  });
});
