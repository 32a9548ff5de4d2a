import type { APIRequestContext, Page } from '@playwright/test';
import { expect, signIn, signUp, signUpThroughApi, test, uniqueEmail } from '../support/fixtures';
import {
  blockExternalHosts,
  expectNoSidewaysScroll,
  isSeededCourse,
  listCourses,
} from '../support/public';
import { myCourseEntry } from '../support/my-courses';

/** A seeded paid course the learner does not have. */
async function paidCourse(
  request: APIRequestContext,
  index: number,
): Promise<{ _id: string; courseTitle: string }> {
  const paid = (await listCourses(request))
    .filter(isSeededCourse)
    .filter((c) => c.coursePrice * (1 - c.discount / 100) > 0);
  const course = paid[index % paid.length];
  if (!course) throw new Error('the seed has no paid course');
  return course;
}

async function paidCourseId(request: APIRequestContext, index: number): Promise<string> {
  return (await paidCourse(request, index))._id;
}

/**
 * Playwright starts the brl and eur servers without waiting for them (playwright.config.ts): the
 * journeys on one wait for its health first.
 */
async function waitForDeployment(request: APIRequestContext, url: string | undefined) {
  await expect
    .poll(
      async () => {
        const res = await request.get('/api/health').catch(() => null);
        return res?.ok() ?? false;
      },
      { message: `the server at ${url} answers`, timeout: 120_000 },
    )
    .toBe(true);
}

/** A new learner, signed up through the API: its token confirms payments out of band. */
async function newLearner(request: APIRequestContext, name: string, prefix: string) {
  const account = { name, email: uniqueEmail(prefix), password: 'segredo-123' };
  return { ...account, token: await signUpThroughApi(request, account) };
}

/** The bank's confirmation, as the sandbox plays it: the provider's event, not the learner's page. */
async function confirmOutOfBand(request: APIRequestContext, purchaseId: string, token: string) {
  const paid = await request.post(`/api/payments/sandbox/${purchaseId}/complete`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(paid.status()).toBe(200);
}

/** Marks the document, so that a later check can tell the page moved on without a reload. */
async function markPage(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { stillThisPage: boolean }).stillThisPage = true;
  });
}

async function wasReloaded(page: Page): Promise<boolean> {
  return !(await page.evaluate(
    () => (window as unknown as { stillThisPage?: boolean }).stillThisPage,
  ));
}

/** The course's entry in My Courses: a table row on a desktop, a card on a phone. */
function pricePanel(page: Page) {
  return page.getByRole('complementary', { name: 'Preço e inscrição' });
}

async function openCourse(page: Page, courseId: string): Promise<void> {
  // The server-rendered buy button answers once the page has hydrated.
  await page.goto(`/course/${courseId}`, { waitUntil: 'networkidle' });
}

/** Who buys: a name to sign up with from the buy button, or an account to sign in to. */
type Buyer = string | { email: string; password: string };

async function signInFromDialog(page: Page, buyer: Buyer): Promise<void> {
  if (typeof buyer === 'string') await signUp(page, buyer);
  else await signIn(page, buyer.email, buyer.password);
}

/**
 * On the course page, picks the method in its price panel ('Como quer pagar?'), signs in from the
 * buy button and buys: the browser lands on the payment page of that method.
 */
async function buyWith(
  page: Page,
  buyer: Buyer,
  method: string,
  { phone, waiver = false }: { phone?: string; waiver?: boolean } = {},
): Promise<void> {
  const panel = pricePanel(page);
  await expect(panel.getByRole('radio', { name: 'Cartão' })).toBeChecked();
  await panel.getByRole('radio', { name: method }).check();
  if (phone) await panel.getByLabel('Número de celular').fill(phone);
  if (waiver) await panel.getByRole('checkbox', { name: /^Quero começar já/ }).check();
  await panel.getByRole('button', { name: 'Acessar Curso' }).click();
  // Signed in from the buy button, the page goes on with the purchase by itself, with the method
  // (and phone) chosen before.
  await signInFromDialog(page, buyer);
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
    await openCourse(page, courseId);
    const methods = pricePanel(page).getByRole('group', { name: 'Como quer pagar?' });
    await expect(methods).toBeVisible();
    await saveScreenshot('course-payment-methods');
    // A push asks for the phone it goes to, in the panel.
    await methods.getByRole('radio', { name: 'Multicaixa Express' }).check();
    await expect(methods.getByLabel('Número de celular')).toBeVisible();
    await methods.scrollIntoViewIfNeeded();
    await saveScreenshot('course-payment-push-phone', page, { fullPage: false });
    await openCourse(page, courseId);
    await buyWith(page, 'Aluna Referência', 'Pagamento por referência');
    await expect(page.getByRole('heading', { name: 'Aguardando pagamento' })).toBeVisible();
    await expect(page.getByText('Entidade')).toBeVisible();
    await expect(page.getByText(/^\d{3} \d{3} \d{3}$/)).toBeVisible();
    await expect(page.getByText(/^Kz \d{1,3}(?:\.\d{3})*,\d{2}$/).first()).toBeVisible();
    await expect(page.getByRole('timer')).toContainText(/Expira em 2 d 23:5\d:\d\d/);
    await saveScreenshot('payment-reference');

    await page.getByRole('button', { name: 'Simular pagamento recebido' }).click();
    await expect(page).toHaveURL(/\/loading\/my-enrollments$|\/my-enrollments$/);
  });

  test('a Multicaixa Express push runs out, shows expirado, and another method pays', async ({
    page,
    request,
    saveScreenshot,
  }) => {
    // The page's countdown runs on a clock the test moves; the sandbox's push is timed out on the
    // server, so the 90 s of a real push pass in an instant on both sides.
    await page.clock.install();
    const courseId = await paidCourseId(request, 2);
    const buyer = await newLearner(request, 'Aluno Express', 'express');
    await openCourse(page, courseId);
    await buyWith(page, buyer, 'Multicaixa Express', { phone: '923 456 789' });
    await expect(page.getByText(/Aprove no app do seu celular/)).toBeVisible();
    await expect(page.getByRole('timer')).toContainText(/Expira em 1:[23]\d/);
    await saveScreenshot('payment-push');
    const purchaseId = new URL(page.url()).pathname.split('/').pop()!;
    // Held still, so neither the countdown nor the page's polling moves until the test says.
    await page.clock.pauseAt(new Date((await page.evaluate(() => Date.now())) + 1_000));
    const timedOut = await request.post(`/api/payments/sandbox/${purchaseId}/time-out`, {
      headers: { Authorization: `Bearer ${buyer.token}` },
    });
    expect(timedOut.status()).toBe(200);
    // Still 'Aguardando' until the countdown reaches zero and the page asks the server.
    await expect(page.getByRole('heading', { name: 'Aguardando pagamento' })).toBeVisible();
    await page.clock.fastForward('01:31');
    await expect(page.getByRole('heading', { name: 'Pagamento expirado' })).toBeVisible();
    await saveScreenshot('payment-expired');
    await page.getByRole('button', { name: 'Tentar de novo' }).click();
    // Trying again keeps the number the push went to, written as people read it.
    await expect(page.getByLabel('Número de celular')).toHaveValue('923 456 789');
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

  test.beforeAll(async ({ request }) => {
    test.setTimeout(150_000);
    await waitForDeployment(request, process.env.E2E_BRL_URL);
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
    const learner = await newLearner(request, 'Aluna Pix', 'pix');

    // The same build as the kwanza server: every label follows this server's CURRENCY, from the
    // server-rendered HTML on.
    const listed = await request.get('/course-list');
    expect(await listed.text()).toMatch(/R\$ \d{1,3}(?:\.\d{3})*,\d{2}/);
    await page.goto('/course-list');
    await expect(page.getByText(/^R\$ \d{1,3}(?:\.\d{3})*,\d{2}$/).first()).toBeVisible();
    await openCourse(page, courseId);
    const panel = pricePanel(page);
    await expect(panel.getByText(/^R\$ \d{1,3}(?:\.\d{3})*,\d{2}$/).first()).toBeVisible();
    await expect(page.getByText(/^Kz /)).toHaveCount(0);
    await panel.getByRole('radio', { name: 'Pix' }).check();
    await panel.getByRole('button', { name: 'Acessar Curso' }).click();
    // Signed in, the page goes on with the purchase by itself.
    await signIn(page, learner.email, learner.password);
    await expect(page).toHaveURL(/\/payment\/[0-9a-f-]+$/);
    const purchaseId = new URL(page.url()).pathname.split('/').pop()!;

    await expect(page.getByRole('heading', { name: 'Aguardando pagamento' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'QR code Pix deste pagamento' })).toBeVisible();
    await expect(page.getByLabel('Pix copia e cola')).toHaveValue(
      /^000201.*br\.gov\.bcb\.pix.*6304[0-9A-F]{4}$/,
    );
    await expect(page.getByText(/^R\$ \d{1,3}(?:\.\d{3})*,\d{2}$/).first()).toBeVisible();
    await expect(page.getByRole('timer')).toContainText(/Expira em (30:00|29:\d\d)/);
    await saveScreenshot('payment-pix');

    // The bank confirms out of band (the sandbox's stand-in for the provider's event); the page,
    // never reloaded, sees it and moves on.
    await markPage(page);
    await confirmOutOfBand(request, purchaseId, learner.token);
    await expect(page).toHaveURL(/\/loading\/my-enrollments$|\/my-enrollments$/);
    expect(await wasReloaded(page)).toBe(false);
  });
});

// The journeys tagged @eur run against the third server (playwright.config.ts), which charges in euros.
test.describe('paying by Multibanco and MB WAY (sandbox, a eur deployment) @eur', () => {
  test.use({ baseURL: process.env.E2E_EUR_URL, serviceWorkers: 'block' });

  test.beforeAll(async ({ request }) => {
    test.setTimeout(150_000);
    await waitForDeployment(request, process.env.E2E_EUR_URL);
  });

  // The course opens in the player, whose video would ask YouTube: the machine has no internet.
  test.beforeEach(async ({ page }) => {
    await blockExternalHosts(page, process.env.E2E_EUR_URL!);
  });

  test('prices say €, a Multibanco reference shows entity, reference and amount, and once paid the course opens from My Courses', async ({
    page,
    request,
    isMobile,
    saveScreenshot,
    expectAccessible,
  }, testInfo) => {
    const methods = (await (await request.get('/api/payments/methods')).json()) as {
      currency: string;
      methods: { id: string }[];
    };
    expect(methods.currency).toBe('eur');
    expect(methods.methods.map((m) => m.id)).toEqual(['card', 'mb_way', 'multibanco']);
    const course = await paidCourse(request, testInfo.project.name === 'phone' ? 1 : 0);
    const learner = await newLearner(request, 'Aluna Multibanco', 'multibanco');

    await openCourse(page, course._id);
    const panel = pricePanel(page);
    const price = panel.getByText(/^\d{1,3}(?:\.\d{3})*,\d{2} €$/).first();
    await expect(price).toBeVisible();
    const charged = (await price.textContent())!;
    await expect(page.getByText(/^(Kz|R\$) /)).toHaveCount(0);
    const offered = panel.getByRole('group', { name: 'Como quer pagar?' }).getByRole('radio');
    await expect(offered).toHaveCount(3);
    await buyWith(page, learner, 'Multibanco', { waiver: true });
    const purchaseId = new URL(page.url()).pathname.split('/').pop()!;

    await expect(page.getByRole('heading', { name: 'Aguardando pagamento' })).toBeVisible();
    await expect(page.getByRole('term')).toHaveText(['Entidade', 'Referência', 'Montante']);
    // The sandbox's Multibanco entity, not the ProxyPay one a kwanza deployment shows.
    await expect(page.getByRole('definition')).toHaveText([
      '21800',
      /^\d{3} \d{3} \d{3}$/,
      charged,
    ]);
    await expect(page.getByRole('timer')).toContainText(/Expira em 2 d 23:5\d:\d\d/);
    await expect(page.getByText(/Kz|R\$/)).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await expectAccessible();
    await saveScreenshot('payment-multibanco');

    // The bank confirms out of band; the page, never reloaded, sees it and moves on.
    await markPage(page);
    await confirmOutOfBand(request, purchaseId, learner.token);
    await expect(page).toHaveURL(/\/my-enrollments$/, { timeout: 15_000 });
    expect(await wasReloaded(page)).toBe(false);
    const entry = myCourseEntry(page, course.courseTitle, isMobile);
    await entry.getByRole('link', { name: /^Continuar/ }).click();
    await expect(page).toHaveURL(new RegExp(`/player/${course._id}$`));
    await expect(page.getByRole('heading', { level: 1, name: course.courseTitle })).toBeVisible();
  });

  test('MB WAY asks for the phone the push goes to, and its approval opens the course', async ({
    page,
    request,
    isMobile,
    saveScreenshot,
  }, testInfo) => {
    const course = await paidCourse(request, testInfo.project.name === 'phone' ? 3 : 2);
    const learner = await newLearner(request, 'Aluno MB WAY', 'mbway');

    await openCourse(page, course._id);
    const panel = pricePanel(page);
    const charged = (await panel
      .getByText(/^\d{1,3}(?:\.\d{3})*,\d{2} €$/)
      .first()
      .textContent())!;
    await panel.getByRole('radio', { name: 'MB WAY' }).check();
    const phone = panel.getByLabel('Número de celular');
    await expect(phone).toBeVisible();
    const buy = panel.getByRole('button', { name: 'Acessar Curso' });
    await buy.click();
    // Signed in, the page goes on with the purchase by itself; without the number nothing is
    // bought: the field says so and takes the focus.
    await signInFromDialog(page, learner);
    await expect(
      panel.getByText('Informe o número de celular para aprovar o pagamento no app'),
    ).toBeVisible();
    await expect(phone).toBeFocused();
    await expect(page).toHaveURL(new RegExp(`/course/${course._id}$`));
    await phone.fill('912 345 678');
    await buy.click();
    await expect(page).toHaveURL(/\/payment\/[0-9a-f-]+$/);
    const purchaseId = new URL(page.url()).pathname.split('/').pop()!;

    await expect(page.getByRole('heading', { name: 'Aguardando pagamento' })).toBeVisible();
    await expect(page.getByText(/Aprove no app do seu celular/)).toHaveText(
      `Aprove no app do seu celular o pedido de ${charged} enviado para 912 345 678.`,
    );
    // MB WAY gives the buyer 5 minutes to approve.
    await expect(page.getByRole('timer')).toContainText(/Expira em [45]:\d\d/);
    await saveScreenshot('payment-mb-way');

    await markPage(page);
    await confirmOutOfBand(request, purchaseId, learner.token);
    await expect(page).toHaveURL(/\/my-enrollments$/, { timeout: 15_000 });
    expect(await wasReloaded(page)).toBe(false);
    await expect(myCourseEntry(page, course.courseTitle, isMobile)).toBeVisible();
  });
});
