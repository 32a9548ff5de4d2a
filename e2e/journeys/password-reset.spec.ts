import type { APIRequestContext } from '@playwright/test';
import { expect, signIn, signUpThroughApi, test, uniqueEmail } from '../support/fixtures';
import { openSignInFromBar } from '../support/account-bar';
import { blockExternalHosts } from '../support/public';

/**
 * Forgot password → the mail in the development outbox (no SMTP_URL outside production) → the
 * link's page sets a new password, which signs in; the old password, the sessions from before and
 * the used link are all refused.
 */

// The app registers a service worker, whose requests page.route could not see.
test.use({ serviceWorkers: 'block' });

test.beforeEach(async ({ page, baseURL }) => {
  if (!baseURL) throw new Error('the config sets baseURL');
  await blockExternalHosts(page, baseURL);
});

const OLD_PASSWORD = 'senha-antiga-123';
const NEW_PASSWORD = 'senha-nova-456';

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  sentAt: string;
}

/** The reset link mailed to `email`, read from GET /api/dev/outbox once it is there. */
async function mailedResetLink(request: APIRequestContext, email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get('/api/dev/outbox');
        expect(res.status()).toBe(200);
        const { mails } = (await res.json()) as { mails: OutboxMail[] };
        // The sign-up's confirmation link goes to the same address: only the reset mail has this one.
        link = mails
          .filter((m) => m.to === email)
          .map((m) => /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(m.text)?.[0])
          .find((found) => found !== undefined);
        return link;
      },
      { message: `a reset mail to ${email} in the outbox`, timeout: 10_000 },
    )
    .toBeDefined();
  return link!;
}

test.describe('Password reset', () => {
  test('forgot password → mail in the outbox → a new password that signs in; the old password, old sessions and the used link are refused', async ({
    page,
    request,
    isMobile,
    saveScreenshot,
    expectAccessible,
  }) => {
    // Three password hashes and two mails (the sign-up's confirmation too) on a busy machine.
    test.setTimeout(120_000);
    const email = uniqueEmail('esquecida');
    const oldSession = await signUpThroughApi(request, {
      name: 'Aluna Esquecida',
      email,
      password: OLD_PASSWORD,
    });

    await page.goto('/');
    await openSignInFromBar(page, isMobile);
    const signInDialog = page.getByRole('dialog', { name: 'Entrar' });
    await signInDialog.getByRole('button', { name: 'Esqueceu a senha?' }).click();
    const forgot = page.getByRole('dialog', { name: 'Recuperar senha' });
    await forgot.getByLabel('E-mail').fill(email);
    await forgot.getByRole('button', { name: 'Enviar link' }).click();
    await expect(forgot.getByRole('status')).toContainText('Se existir uma conta com este e-mail');
    await saveScreenshot('password-reset-requested', page, { fullPage: false });

    const link = await mailedResetLink(request, email);
    const token = new URL(link).searchParams.get('token')!;
    const linkPath = `${new URL(link).pathname}${new URL(link).search}`;

    await page.goto('/dev/outbox');
    await expect(
      page.getByRole('heading', { name: 'Redefinir sua senha na Aprendiz' }).first(),
    ).toBeVisible();

    await page.goto(linkPath);
    await expect(page.getByRole('heading', { name: 'Redefinir senha' })).toBeVisible();
    await expectAccessible();
    await page.getByLabel('Nova senha', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirmar nova senha').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Salvar nova senha' }).click();
    await expect(page.getByRole('status')).toContainText('Senha alterada');
    await saveScreenshot('password-reset-done');

    await page.getByRole('button', { name: 'Entrar' }).click();
    await signIn(page, email, NEW_PASSWORD);
    if (isMobile) {
      await expect(
        page.getByRole('navigation', { name: 'Navegação inferior' }).getByRole('button', {
          name: 'Perfil',
        }),
      ).toHaveAttribute('aria-haspopup', 'menu');
    } else {
      await expect(page.getByRole('button', { name: 'Menu da conta' })).toBeVisible();
    }

    const oldPassword = await request.post('/api/auth/sign-in', {
      data: { email, password: OLD_PASSWORD },
    });
    expect(oldPassword.status()).toBe(401);
    const before = await request.get('/api/user/data', {
      headers: { Authorization: `Bearer ${oldSession}` },
    });
    expect(before.status()).toBe(401);
    const reused = await request.post('/api/auth/reset-password', {
      data: { token, password: 'mais-uma-senha-789' },
    });
    expect(reused.status()).toBe(400);
    expect(((await reused.json()) as { message: string }).message).toContain('inválido');

    // Opened again, the used link says so on arrival and asks for a new one right there.
    await page.goto(linkPath);
    await expect(page.getByRole('alert')).toContainText('já foi usado, expirou ou não é válido');
    await expect(page.getByLabel('Nova senha', { exact: true })).toHaveCount(0);
    await expectAccessible();
    await saveScreenshot('password-reset-used-link');
    await page.getByLabel('E-mail da conta').fill(email);
    await page.getByRole('button', { name: 'Pedir um novo link' }).click();
    await expect(page.getByRole('status')).toContainText('Se existir uma conta com este e-mail');

    // A made-up link is refused the same way, before anything is typed.
    await page.goto(`/reset-password?token=${'x'.repeat(43)}`);
    await expect(page.getByRole('alert')).toContainText('já foi usado, expirou ou não é válido');
    await expect(page.getByRole('button', { name: 'Pedir um novo link' })).toBeVisible();
  });
});
