import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { expect, signIn, signUp, signUpThroughApi, test, uniqueEmail } from '../support/fixtures';
import { settleAnimations, statValue } from '../support/educator';
import { gradientPng } from '../support/png';

test.use({ serviceWorkers: 'block' });

test.beforeEach(async ({ page, baseURL }) => {
  if (!baseURL) throw new Error('the config sets baseURL');
  const origin = new URL(baseURL).origin;
  await page.route(
    (url) => url.origin !== origin && url.protocol.startsWith('http'),
    (route) => route.abort('blockedbyclient'),
  );
});

type Educator = { email: string; password: string; auth: Record<string, string> };

/** A new educator with one paid course (Kz 40,00) and a 50% coupon, made through the API. */
async function educatorWithCoupon(request: APIRequestContext, code: string) {
  const account = {
    name: 'Educadora Cupom',
    email: uniqueEmail('educadora'),
    password: 'segredo-123',
  };
  const token = await signUpThroughApi(request, account);
  const auth = { Authorization: `Bearer ${token}` };
  expect((await request.get('/api/educator/update-role', { headers: auth })).ok()).toBe(true);
  const title = `Curso com garantia ${code}`;
  const created = await request.post('/api/educator/add-course', {
    headers: auth,
    multipart: {
      courseData: JSON.stringify({
        courseTitle: title,
        courseDescription: '<p>Um curso para testar cupons e reembolsos.</p>',
        coursePrice: 40,
        discount: 0,
        guaranteeDays: 14,
        courseContent: [
          {
            chapterTitle: 'Começo',
            chapterContent: [
              {
                lectureTitle: 'Boas-vindas',
                lectureDuration: 5,
                lectureUrl: 'https://youtu.be/abc123XYZ09',
                isPreviewFree: true,
              },
            ],
          },
        ],
      }),
      image: { name: 'capa.png', mimeType: 'image/png', buffer: gradientPng(320, 180) },
    },
  });
  expect(created.status()).toBe(201);
  const courseId = String(((await created.json()) as { courseId: string }).courseId);
  const coupon = await request.post(`/api/educator/course/${courseId}/coupons`, {
    headers: auth,
    data: {
      code,
      kind: 'percent',
      value: 50,
      maxRedemptions: 5,
      endsAt: '2099-12-31T23:59:59.000Z',
    },
  });
  expect(coupon.status()).toBe(201);
  const educator: Educator = { email: account.email, password: account.password, auth };
  return { educator, courseId, title };
}

/** The amount beside `label` in the dashboard's 'Vendas' list. */
function salesLine(sales: Locator, label: string): Locator {
  return sales.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd');
}

/** The educator's dashboard in a browser of their own. */
async function openDashboard(
  browser: Browser,
  educator: Educator,
  isMobile: boolean,
): Promise<Page> {
  const context = await browser.newContext(
    isMobile ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : {},
  );
  const page = await context.newPage();
  await page.goto('/educator');
  await signIn(page, educator.email, educator.password);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  return page;
}

test('buys with a coupon link, the educator sees it pending, then a refund from My Courses takes it back', async ({
  page,
  request,
  browser,
  isMobile,
  saveScreenshot,
  expectAccessible,
}) => {
  test.setTimeout(120_000);
  const code = `METADE${Date.now().toString(36).toUpperCase()}${isMobile ? 'M' : 'D'}`;
  const { educator, courseId, title } = await educatorWithCoupon(request, code);

  // The shareable link: lower case, as someone might type it. The server's page does not state the
  // full price only to flip it: it says the coupon is being checked until the browser's quote answers.
  const served = await request.get(`/course/${courseId}?cupom=${code.toLowerCase()}`);
  expect(await served.text()).toContain('Verificando o cupom…');
  await page.goto(`/course/${courseId}?cupom=${code.toLowerCase()}`);
  const panel = page.getByRole('complementary', { name: 'Preço e inscrição' });
  await expect(panel.getByText('Kz 20,00')).toBeVisible();
  await expect(panel.getByText(`Cupom ${code} aplicado`, { exact: false })).toContainText(
    'restam 5',
  );
  await expect(panel.getByText('Garantia de 14 dias', { exact: false })).toBeVisible();
  await settleAnimations(page);
  await saveScreenshot('coupon-course-page', page, { fullPage: false });
  await expectAccessible(page);

  await panel.getByRole('button', { name: 'Acessar Curso' }).click();
  // Signed up from the buy button, the page goes on with the purchase by itself, coupon kept.
  await signUp(page, 'Aluna Cupom');
  await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]+$/);
  // The checkout's lines: the course's price, what the coupon takes off, the total.
  const bill = (term: string) =>
    page
      .locator('dl > div')
      .filter({ has: page.getByRole('term').filter({ hasText: term }) })
      .getByRole('definition');
  await expect(bill('Preço do curso')).toHaveText('Kz 40,00');
  await expect(bill(`Cupom ${code}`)).toHaveText('− Kz 20,00');
  await expect(bill('Total')).toHaveText('Kz 20,00');
  await page.getByRole('button', { name: 'Pagar' }).click();
  await expect(page).toHaveURL(/\/my-enrollments$/, { timeout: 20_000 });

  const dashboard = await openDashboard(browser, educator, isMobile);
  await expect(statValue(dashboard, 'Saldo pendente')).toHaveText('Kz 20,00');
  await expect(statValue(dashboard, 'Saldo disponível')).toHaveText('Kz 0,00');
  await expect(statValue(dashboard, 'Reembolsos')).toHaveText('Kz 0,00');
  await expect(statValue(dashboard, 'Total Earnings')).toHaveText('Kz 20,00');
  // Each sale split three ways: what the buyer paid, the platform's fee (0 here), the net.
  const sales = dashboard.getByRole('region', { name: 'Vendas' });
  await expect(salesLine(sales, 'Vendas brutas')).toHaveText('Kz 20,00');
  await expect(salesLine(sales, 'Taxa da plataforma')).toHaveText('− Kz 0,00');
  await expect(salesLine(sales, 'Seus ganhos líquidos')).toHaveText('Kz 20,00');
  await saveScreenshot('educator-balance-pending', dashboard, { fullPage: true });

  // The refund, from My Courses: the button with the window the course page named.
  const refund = page.getByRole('button', { name: /^Pedir reembolso/ });
  await expect(refund).toBeVisible();
  await expect(page.getByText(/^Garantia de 14 dias, até/)).toBeVisible();
  await refund.click();
  const dialog = page.getByRole('dialog', { name: 'Pedir reembolso' });
  // How much comes back and where (the amount in the market's own writing, whichever separator).
  await expect(dialog).toContainText(
    /Você recebe de volta .*20[.,]00.* (no cartão usado na compra|pelo mesmo meio do pagamento)/,
  );
  await expect(dialog).toContainText('está na garantia de 14 dias');
  await dialog.getByLabel('Motivo (opcional)').fill('Comprei por engano');
  await settleAnimations(page);
  await saveScreenshot('refund-dialog', page, { fullPage: false });
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Confirmar reembolso' }).click();
  await expect(page.getByText(`Reembolso pedido: ${title}`, { exact: false })).toBeVisible();
  await expect(
    page.getByText('Parece que você não está matriculado em nenhum curso'),
  ).toBeVisible();
  // The course stays in sight as refunded, with its amount, and no way into it.
  const refunded = page.getByRole('region', { name: 'Reembolsados' });
  await expect(refunded).toContainText(title);
  await expect(refunded).toContainText(/20[.,]00/);
  await expect(refunded.getByText('Reembolsado', { exact: true })).toBeVisible();
  await expect(refunded.getByRole('link')).toHaveCount(0);
  await saveScreenshot('my-courses-refunded', page, { fullPage: false });

  await dashboard.reload();
  await expect(statValue(dashboard, 'Saldo pendente')).toHaveText('Kz 0,00');
  await expect(statValue(dashboard, 'Reembolsos')).toHaveText('Kz 20,00');
  await expect(statValue(dashboard, 'Total Earnings')).toHaveText('Kz 0,00');
  await expect(salesLine(sales, 'Devolvido em reembolsos')).toHaveText('− Kz 20,00');
  await expect(salesLine(sales, 'Seus ganhos líquidos')).toHaveText('Kz 0,00');
  // A learner's own refund is the balance's, not a payment made twice.
  await expect(dashboard.getByText(/Pagamentos repetidos/)).toHaveCount(0);
  await saveScreenshot('educator-balance-refunded', dashboard, { fullPage: true });
  await dashboard.context().close();
});
