import { generate } from 'otplib';
import type { APIRequestContext, Page } from '@playwright/test';
import { consoleAdminEmail } from '../support/console';
import { expect, signIn, signUpThroughApi, test, uniqueEmail } from '../support/fixtures';
import { openAccountMenu, openSignInFromBar } from '../support/account-bar';
import { blockExternalHosts, expectNoSidewaysScroll, listCourses } from '../support/public';
import { educatorWithASale, ops, waitForDeployment } from '../support/payouts';

/**
 * The operator console: an admin (made one by ADMIN_EMAILS) is told to turn two-step on, does so
 * with an authenticator code computed here, signs in again through the second step, finds a learner
 * by e-mail, sees their purchase, suspends them (the learner's session ends and sign-in says why)
 * and reinstates them.
 */

test.use({ serviceWorkers: 'block' });

test.beforeEach(async ({ page, baseURL }) => {
  if (!baseURL) throw new Error('the config sets baseURL');
  await blockExternalHosts(page, baseURL);
});

const PASSWORD = 'senha-do-console-1';

/** The code an authenticator app shows `seconds` from now. */
function appCode(secret: string, seconds = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + seconds });
}

/** A learner who bought a paid course of the seeded catalogue through the sandbox. */
async function learnerWithPurchase(request: APIRequestContext) {
  const email = uniqueEmail('comprador');
  const token = await signUpThroughApi(request, {
    name: 'Carla Compradora',
    email,
    password: PASSWORD,
  });
  const headers = { Authorization: `Bearer ${token}` };
  const course = (await listCourses(request)).find((c) => c.coursePrice > 0 && c.discount < 100);
  expect(course, 'the seed has a paid course').toBeDefined();
  const started = await request.post('/api/user/purchase', {
    headers,
    data: { courseId: course!._id },
  });
  expect(started.ok(), await started.text()).toBe(true);
  const { session_url: sessionUrl } = (await started.json()) as { session_url: string };
  const purchaseId = sessionUrl.split('/').pop()!;
  const paid = await request.post(`/api/payments/sandbox/${purchaseId}/complete`, { headers });
  expect(paid.ok(), await paid.text()).toBe(true);
  return { email, headers, courseTitle: course!.courseTitle };
}

async function openConsoleFromMenu(page: Page, isMobile: boolean) {
  await openAccountMenu(page, isMobile);
  await page.getByRole('menuitem', { name: 'Console da plataforma' }).click();
}

test.describe('Operator console', () => {
  test('an admin turns on two-step, finds a learner by e-mail, sees the purchase, suspends and reinstates them', async ({
    page,
    request,
    isMobile,
    saveScreenshot,
    expectAccessible,
  }, testInfo) => {
    test.setTimeout(150_000);
    const adminEmail = consoleAdminEmail(testInfo.project.name, testInfo.retry);
    await signUpThroughApi(request, { name: 'Ana Admin', email: adminEmail, password: PASSWORD });
    const learner = await learnerWithPurchase(request);

    await page.goto('/', { waitUntil: 'networkidle' });
    await openSignInFromBar(page, isMobile);
    await signIn(page, adminEmail, PASSWORD);

    // Until two-step is on, the console says to turn it on, and where.
    await openConsoleFromMenu(page, isMobile);
    await expect(page.getByRole('alert')).toContainText('Ative a verificação em duas etapas');
    await saveScreenshot('console-two-step-required');
    await page.getByRole('link', { name: 'Ativar no meu perfil' }).click();
    await expect(page).toHaveURL(/\/profile$/);

    const twoStep = page.getByRole('region', { name: 'Verificação em duas etapas' });
    await twoStep.getByRole('button', { name: 'Configurar' }).click();
    await expect(twoStep.getByRole('img', { name: /QR code/ })).toBeVisible();
    const secret = (await twoStep.getByTestId('two-step-secret').textContent())!.trim();
    await twoStep.getByLabel('Código do aplicativo').fill(await appCode(secret));
    await saveScreenshot('console-two-step-setup');
    await twoStep.getByRole('button', { name: 'Ativar' }).click();
    const codes = twoStep.getByRole('list', { name: 'Códigos de recuperação' });
    await expect(codes.getByRole('listitem')).toHaveCount(10);
    await saveScreenshot('console-recovery-codes');
    await twoStep.getByRole('button', { name: 'Já guardei os códigos' }).click();
    await expect(twoStep.getByText(/Restam 10 códigos/)).toBeVisible();

    // Signing in again takes the second step: the app's next code (the first was spent enabling).
    // From the home page: the profile, signed out, would open sign-in by itself.
    await page.goto('/', { waitUntil: 'networkidle' });
    await openAccountMenu(page, isMobile);
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await openSignInFromBar(page, isMobile);
    const dialog = page.getByRole('dialog', { name: 'Entrar' });
    await dialog.getByLabel('E-mail').fill(adminEmail);
    await dialog.getByLabel('Senha').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Entrar', exact: true }).click();
    const second = page.getByRole('dialog', { name: 'Verificação em duas etapas' });
    await expect(second).toBeVisible({ timeout: 30_000 });
    await second.getByLabel('Código de verificação').fill(await appCode(secret, 30));
    await second.getByRole('button', { name: 'Verificar' }).click();
    await expect(second).toBeHidden({ timeout: 30_000 });

    await openConsoleFromMenu(page, isMobile);
    await expect(page.getByRole('heading', { name: 'Visão geral' })).toBeVisible();
    await expect(page.getByRole('table').first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible();
    await saveScreenshot('console-overview');

    // People: the learner by e-mail, then their page with the purchase.
    await page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Pessoas' })
      .click();
    await page.getByRole('searchbox', { name: 'Buscar pessoas' }).fill(learner.email);
    await page.getByRole('button', { name: 'Buscar' }).click();
    await page.getByRole('link', { name: 'Carla Compradora' }).click();
    await expect(page.getByRole('heading', { name: 'Carla Compradora' })).toBeVisible();
    const purchases = page.getByRole('region', { name: 'Compras' });
    await expect(purchases.getByRole('row').nth(1)).toContainText(learner.courseTitle);
    await expect(purchases.getByRole('row').nth(1)).toContainText('Paga');
    await expect(purchases.getByRole('row').nth(1)).toContainText('sandbox');
    await expectNoSidewaysScroll(page);
    await expectAccessible();
    await saveScreenshot('console-person');

    // Suspend: the learner's session ends at once and sign-in tells them why.
    await page.getByRole('button', { name: 'Suspender' }).click();
    const suspend = page.getByRole('dialog', { name: 'Suspender Carla Compradora' });
    await suspend.getByLabel('Motivo').fill('Compartilhou o acesso ao curso publicamente');
    await saveScreenshot('console-suspend', page, { fullPage: false });
    await suspend.getByRole('button', { name: 'Suspender' }).click();
    // The suspension waits its turn behind the other servers' start on a busy machine.
    await expect(page.getByText(/Suspensa em/)).toBeVisible({ timeout: 30_000 });
    expect((await request.get('/api/user/data', { headers: learner.headers })).status()).toBe(401);
    const refused = await request.post('/api/auth/sign-in', {
      data: { email: learner.email, password: PASSWORD },
    });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toContain(
      'Compartilhou o acesso ao curso publicamente',
    );
    await expect(page.getByRole('region', { name: 'Registros de auditoria' })).toContainText(
      'user.suspend',
    );

    await page.getByRole('button', { name: 'Reativar conta' }).click();
    await expect(page.getByText('Ativa', { exact: true })).toBeVisible();
    const back = await request.post('/api/auth/sign-in', {
      data: { email: learner.email, password: PASSWORD },
    });
    expect(back.status()).toBe(200);
  });
});

/** An admin of the deployment `request` talks to, with two-step on, signed in through both steps. */
async function signInAsAdminWithTwoStep(
  page: Page,
  request: APIRequestContext,
  isMobile: boolean,
  email: string,
) {
  const token = await signUpThroughApi(request, {
    name: 'Rui Repasses',
    email,
    password: PASSWORD,
  });
  const asAdmin = { Authorization: `Bearer ${token}` };
  const setup = await request.post('/api/account/2fa/setup', { headers: asAdmin });
  const { secret } = (await setup.json()) as { secret: string };
  const enabled = await request.post('/api/account/2fa/enable', {
    headers: asAdmin,
    data: { code: await appCode(secret) },
  });
  expect(enabled.ok(), await enabled.text()).toBe(true);
  await page.goto('/', { waitUntil: 'networkidle' });
  await openSignInFromBar(page, isMobile);
  const dialog = page.getByRole('dialog', { name: 'Entrar' });
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('Senha').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Entrar', exact: true }).click();
  const second = page.getByRole('dialog', { name: 'Verificação em duas etapas' });
  await second.getByLabel('Código de verificação').fill(await appCode(secret, 30));
  await second.getByRole('button', { name: 'Verificar' }).click();
  await expect(second).toBeHidden({ timeout: 30_000 });
}

test.describe('Operator console on the reais deployment @brl', () => {
  test.use({ baseURL: process.env.E2E_BRL_URL });

  test.beforeAll(async ({ request }) => {
    test.setTimeout(150_000);
    await waitForDeployment(request);
  });

  test("an admin approves an educator's withdrawal in Repasses, marks it paid with the bank's reference, then takes the course down for a rights claim and sees the privacy requests", async ({
    page,
    request,
    isMobile,
    saveScreenshot,
    expectAccessible,
  }, testInfo) => {
    test.setTimeout(150_000);
    // The educator's side through the API (the payouts journey walks its screens).
    const educator = await educatorWithASale(request);
    const profile = await request.put('/api/educator/payout-profile', {
      headers: educator.auth,
      data: {
        rail: 'pix',
        pixKeyType: 'cpf',
        pixKey: '529.982.247-25',
        holderName: 'Educadora Pix',
        taxId: '529.982.247-25',
        autoMonthly: false,
      },
    });
    expect(profile.ok(), await profile.text()).toBe(true);
    const moved = await request.post('/api/dev/payout-clock', {
      headers: ops,
      data: { educatorId: educator.id, days: 8 },
    });
    expect(moved.ok(), await moved.text()).toBe(true);
    const asked = await request.post('/api/educator/payouts', {
      headers: educator.auth,
      data: { amount: 80 },
    });
    expect(asked.ok(), await asked.text()).toBe(true);

    const adminEmail = consoleAdminEmail(testInfo.project.name, testInfo.retry);
    await signInAsAdminWithTwoStep(page, request, isMobile, adminEmail);

    await page.goto('/admin/payouts', { waitUntil: 'networkidle' });
    await expect(page.getByRole('heading', { name: 'Repasses' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: educator.email });
    await expect(row).toContainText('Solicitado');
    await expect(row).toContainText('R$ 80,00');
    await expectNoSidewaysScroll(page);
    await expectAccessible();
    await saveScreenshot('console-payouts-requested');
    await row.getByRole('button', { name: /^Aprovar/ }).click();
    await expect(page.getByText('Saque aprovado: ele entra no lote do dia.')).toBeVisible();

    await page.getByLabel('Estado').selectOption('approved');
    await expect(row).toContainText('Em processamento');
    await row.getByRole('button', { name: 'Marcar como pago' }).click();
    const paying = page.getByRole('dialog', { name: 'Saque pago' });
    const reference = `E2E${Date.now()}${testInfo.project.name}`;
    await paying.getByLabel('Referência do banco').fill(reference);
    await saveScreenshot('console-payouts-mark-paid', page, { fullPage: false });
    await paying.getByRole('button', { name: 'Marcar como pago' }).click();
    await expect(paying).toBeHidden({ timeout: 30_000 });

    await page.getByLabel('Estado').selectOption('paid');
    await expect(row).toContainText('Pago');
    await expect(row).toContainText(reference);
    await saveScreenshot('console-payouts-paid');
    const mine = await request.get('/api/educator/payouts', { headers: educator.auth });
    expect(JSON.stringify(await mine.json())).toContain(reference);

    // A rights claim on the same course: the form says what it means for enrolled learners.
    await page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Cursos' })
      .click();
    await page.getByLabel('Id do curso').fill(educator.courseId);
    await page.getByRole('button', { name: 'Retirar', exact: true }).click();
    const takedown = page.getByRole('dialog', { name: 'Retirar curso do catálogo' });
    await takedown.getByLabel('Reclamação de direitos autorais').check();
    await expect(takedown).toContainText('nem quem já está inscrito');
    await takedown.getByLabel('Motivo').fill('Notificação da editora: material copiado');
    await saveScreenshot('console-takedown-rights-claim', page, { fullPage: false });
    await takedown.getByRole('button', { name: 'Retirar' }).click();
    await expect(page.getByText('Curso retirado do catálogo.')).toBeVisible();

    // The educator asks for their data: the privacy list shows the request with its deadline.
    const exported = await request.post('/api/account/export', { headers: educator.auth });
    expect(exported.status(), await exported.text()).toBe(201);
    await page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Privacidade' })
      .click();
    // The filter lives in the address: the box follows once the router has moved.
    const openOnly = page.getByLabel('Só os pedidos em aberto');
    await openOnly.click();
    await expect(openOnly).not.toBeChecked();
    const requested = page.getByRole('row').filter({ hasText: educator.email });
    await expect(requested).toContainText('Exportação');
    await expectAccessible();
    await saveScreenshot('console-privacy-requests');

    // The educator's sessions on their page: the admin ends one, and its token is refused.
    await page.goto(`/admin/people/${educator.id}`, { waitUntil: 'networkidle' });
    await expect(page.getByRole('heading', { name: 'Sessões' })).toBeVisible();
    const end = page.getByRole('button', { name: /^Encerrar a sessão/ }).first();
    await expect(end).toBeVisible();
    await expectNoSidewaysScroll(page);
    await saveScreenshot('console-person-sessions');
    await end.click();
    await page
      .getByRole('alertdialog', { name: 'Encerrar sessão' })
      .getByRole('button', { name: 'Encerrar' })
      .click();
    await expect(page.getByText('Sessão encerrada.')).toBeVisible();
    expect((await request.get('/api/user/data', { headers: educator.auth })).status()).toBe(401);
  });
});
