import { generate } from 'otplib';
import type { APIRequestContext, Page } from '@playwright/test';
import { applicationsAdminEmail } from '../support/educator-applications';
import { expect, test, uniqueEmail } from '../support/fixtures';
import { blockExternalHosts } from '../support/public';

/**
 * Educator applications (EDUCATOR_APPLICATIONS=on, on a deployment of their own): a learner asks to
 * teach with the short form and sees it under review; an admin approves it in the console; the
 * learner reaches the educator area. Accounts are made through the API and their sessions put in the
 * page (sign-in and two-step have their own journeys).
 */

test.use({ baseURL: process.env.E2E_APPLY_URL, serviceWorkers: 'block' });

const PASSWORD = 'senha-da-candidatura-1';
const ABOUT = 'Sou enfermeira há doze anos e formo equipes de pronto-socorro.';
const TEACHING = 'Primeiros socorros para pais e professores, com casos reais.';

type Session = {
  token: string;
  user: { _id: string; name: string; email: string; imageUrl: string };
};

async function waitForDeployment(request: APIRequestContext) {
  await expect
    .poll(async () => (await request.get('/api/health').catch(() => null))?.ok() ?? false, {
      message: 'the applications deployment answers',
      timeout: 120_000,
    })
    .toBe(true);
}

async function signUpForSession(
  request: APIRequestContext,
  name: string,
  email: string,
): Promise<Session> {
  const res = await request.post('/api/auth/sign-up', {
    data: { name, email, password: PASSWORD },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Session;
}

/** The page signed in as this session, as the local sign-in leaves it, on `path`. */
async function openAs(page: Page, session: Session, path: string) {
  await page.goto('/privacy-policy');
  await page.evaluate((s) => {
    localStorage.setItem('aprendiz.token', s.token);
    localStorage.setItem(
      'aprendiz.user',
      JSON.stringify({
        id: s.user._id,
        name: s.user.name,
        email: s.user.email,
        imageUrl: s.user.imageUrl,
      }),
    );
  }, session);
  await page.goto(path, { waitUntil: 'networkidle' });
}

test.describe('Educator applications', () => {
  test('a learner applies, the admin approves in the console and the learner reaches the educator area', async ({
    page,
    request,
    isMobile,
    saveScreenshot,
    expectAccessible,
  }, testInfo) => {
    test.setTimeout(180_000);
    await waitForDeployment(request);
    await blockExternalHosts(page, process.env.E2E_APPLY_URL!);
    const name = `Lia Candidata ${testInfo.project.name}`;
    const learner = await signUpForSession(request, name, uniqueEmail('candidata'));

    // 'Tornar-se educador' leads to the application, without the one-click confirmation.
    if (isMobile) {
      await openAs(page, learner, '/educator');
    } else {
      await openAs(page, learner, '/');
      await page
        .getByRole('navigation', { name: 'Principal' })
        .getByRole('button', { name: 'Tornar-se educador' })
        .click();
      await expect(page).toHaveURL(/\/educator$/);
      await expect(page.getByRole('alertdialog')).toHaveCount(0);
    }
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Tornar-se educador' })).toBeVisible();
    await main.getByRole('button', { name: 'Enviar candidatura' }).click();
    await expect(main.getByLabel('Sobre você')).toHaveAttribute('aria-invalid', 'true');
    await main.getByLabel('Sobre você').fill(ABOUT);
    await main.getByLabel('O que você vai ensinar').fill(TEACHING);
    await saveScreenshot('educator-application-form');
    await main.getByRole('button', { name: 'Enviar candidatura' }).click();
    await expect(main.getByText('Sua candidatura está em análise')).toBeVisible({
      timeout: 30_000,
    });
    await expectAccessible();
    await saveScreenshot('educator-application-pending');

    // The admin: two-step on through the API, then the console's queue.
    const admin = await signUpForSession(
      request,
      'Rui Admin',
      applicationsAdminEmail(testInfo.project.name, testInfo.retry),
    );
    const asAdmin = { Authorization: `Bearer ${admin.token}` };
    const setup = await request.post('/api/account/2fa/setup', { headers: asAdmin });
    const { secret } = (await setup.json()) as { secret: string };
    const enabled = await request.post('/api/account/2fa/enable', {
      headers: asAdmin,
      data: { code: await generate({ secret, epoch: Math.floor(Date.now() / 1000) }) },
    });
    expect(enabled.ok(), await enabled.text()).toBe(true);

    await openAs(page, admin, '/admin/applications');
    const card = page.getByRole('listitem').filter({ hasText: name });
    await expect(card).toBeVisible();
    await expect(card.getByText(TEACHING)).toBeVisible();
    await expectAccessible();
    await saveScreenshot('console-educator-applications');
    await card.getByRole('button', { name: 'Aprovar' }).click();
    await expect(card).toBeHidden({ timeout: 30_000 });

    // The learner, back: the educator area opens.
    await openAs(page, learner, '/educator');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible({
      timeout: 30_000,
    });
    await saveScreenshot('educator-application-approved');

    const audit = await request.get(`/api/admin/audit?target=${learner.user._id}`, {
      headers: asAdmin,
    });
    const actions = ((await audit.json()) as { entries: { action: string }[] }).entries.map(
      (e) => e.action,
    );
    expect(actions).toEqual(['educator_application.approved']);
  });
});
