import type { APIRequestContext } from '@playwright/test';
import { expect, signUp, test, uniqueEmail } from '../support/fixtures';
import { openAccountMenu, openSignInFromBar } from '../support/account-bar';
import { blockExternalHosts, expectNoSidewaysScroll } from '../support/public';

/**
 * A verified e-mail and the sessions in view: sign up → the quiet banner → the link from the
 * development outbox confirms the address → signed in on a second browser too, the profile lists
 * both and ends the other, which is signed out at its next request.
 */

// The app registers a service worker, whose requests page.route could not see.
test.use({ serviceWorkers: 'block' });

test.beforeEach(async ({ page, baseURL }) => {
  if (!baseURL) throw new Error('the config sets baseURL');
  await blockExternalHosts(page, baseURL);
});

const PASSWORD = 'senha-segura-123';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

/** The path of the confirmation link mailed to `email`, read from GET /api/dev/outbox. */
async function mailedVerifyPath(request: APIRequestContext, email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get('/api/dev/outbox');
        const { mails } = (await res.json()) as { mails: { to: string; text: string }[] };
        link = mails
          .filter((m) => m.to === email)
          .map((m) => /https?:\/\/\S+\/verify-email\?token=[\w-]+/.exec(m.text)?.[0])
          .find((found) => found !== undefined);
        return link;
      },
      { message: `a confirmation mail to ${email} in the outbox`, timeout: 15_000 },
    )
    .toBeDefined();
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}

test.describe('Account security', () => {
  test('sign up → confirm the e-mail from the mail → two sessions listed → end the other, which is signed out', async ({
    page,
    browser,
    baseURL,
    request,
    isMobile,
    saveScreenshot,
    expectAccessible,
  }) => {
    // Two browsers, a sign-up and a sign-in (scrypt) on a busy machine.
    test.setTimeout(150_000);
    const email = uniqueEmail('segura');
    await page.goto('/', { waitUntil: 'networkidle' });
    await openSignInFromBar(page, isMobile);
    await signUp(page, 'Aluna Segura', email, PASSWORD);

    const banner = page.getByRole('complementary', { name: 'Confirmação de e-mail' });
    // The user data is read after sign-up, then the banner's own chunk loads.
    await expect(banner).toContainText(`enviamos um link para ${email}`, { timeout: 30_000 });
    await saveScreenshot('account-verify-banner', page, { fullPage: false });
    // Pressed at once, the resend waits: the sign-up's link went a moment ago.
    await banner.getByRole('button', { name: 'Reenviar' }).click();
    await expect(banner.getByRole('alert')).toContainText('para reenviar o link');

    const verifyPath = await mailedVerifyPath(request, email);
    await page.goto(verifyPath);
    await expect(page.getByRole('heading', { name: 'Confirmar e-mail', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Confirmar meu e-mail' }).click();
    await expect(page.getByRole('status')).toContainText(`E-mail confirmado: ${email}`);
    await expect(banner).toHaveCount(0);
    await expectAccessible();
    await saveScreenshot('account-verify-done', page, { fullPage: false });

    // The link works once.
    await page.reload();
    await page.getByRole('button', { name: 'Confirmar meu e-mail' }).click();
    await expect(page.getByRole('alert')).toContainText('já foi usado ou expirou');

    // A second browser, signed in to the same account (through the API: the dialog is tested above).
    const signedIn = await request.post('/api/auth/sign-in', {
      data: { email, password: PASSWORD },
      headers: { 'User-Agent': FIREFOX_LINUX },
    });
    expect(signedIn.status()).toBe(200);
    const session = (await signedIn.json()) as {
      token: string;
      user: { _id: string; name: string; email: string; imageUrl: string };
    };
    const other = await browser.newContext({
      baseURL,
      serviceWorkers: 'block',
      userAgent: FIREFOX_LINUX,
      storageState: {
        cookies: [],
        origins: [
          {
            origin: baseURL!,
            localStorage: [
              { name: 'aprendiz.token', value: session.token },
              {
                name: 'aprendiz.user',
                value: JSON.stringify({
                  id: session.user._id,
                  name: session.user.name,
                  email: session.user.email,
                  imageUrl: session.user.imageUrl,
                }),
              },
            ],
          },
        ],
      },
    });
    const otherPage = await other.newPage();
    await blockExternalHosts(otherPage, baseURL!);
    await otherPage.goto('/profile');
    // A fresh browser loads the app, the profile's chunk and its reads: slow on a busy machine.
    await expect(
      otherPage.getByRole('list', { name: 'Sessões' }).getByRole('listitem'),
    ).toHaveCount(2, { timeout: 30_000 });

    await openAccountMenu(page, isMobile);
    await page.getByRole('menuitem', { name: 'Meu perfil' }).click();
    const account = page.getByRole('region', { name: 'E-mail da conta' });
    await expect(account.getByText('Confirmado', { exact: true })).toBeVisible();
    const sessions = page.getByRole('list', { name: 'Sessões' });
    await expect(sessions.getByRole('listitem')).toHaveCount(2);
    await expect(sessions.getByRole('listitem').first()).toContainText('este dispositivo');
    await expect(sessions.getByRole('listitem').nth(1)).toContainText('Firefox em Linux');
    await expectAccessible();
    await expectNoSidewaysScroll(page);
    await page.getByRole('region', { name: 'Onde você está conectado' }).scrollIntoViewIfNeeded();
    await saveScreenshot('account-sessions');

    await sessions.getByRole('button', { name: 'Encerrar a sessão de Firefox em Linux' }).click();
    await expect(
      page.getByRole('region', { name: 'Onde você está conectado' }).getByRole('status'),
    ).toContainText('Sessão encerrada');
    await expect(sessions.getByRole('listitem')).toHaveCount(1);

    // The other browser's next request is refused: it is signed out.
    await otherPage.goto('/profile');
    await expect(otherPage.getByText('Entre para ver e alterar o seu perfil.')).toBeVisible({
      timeout: 30_000,
    });
    await other.close();
  });
});
