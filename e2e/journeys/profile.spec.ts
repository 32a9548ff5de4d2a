import { expect, signIn, signUpThroughApi, test, uniqueEmail } from '../support/fixtures';
import { gradientPng } from '../support/png';
import { openAccountMenu, openSignInFromBar } from '../support/account-bar';
import { blockExternalHosts, expectNoSidewaysScroll } from '../support/public';

/**
 * The profile page of a local account: reached from the account menu, it changes the
 * name and the photo (re-encoded by the server) and the password, which ends every other session.
 */

// The app registers a service worker, whose requests page.route could not see.
test.use({ serviceWorkers: 'block' });

test.beforeEach(async ({ page, baseURL }) => {
  if (!baseURL) throw new Error('the config sets baseURL');
  await blockExternalHosts(page, baseURL);
});

const PASSWORD = 'senha-do-perfil-1';
const NEW_PASSWORD = 'senha-do-perfil-2';

test.describe('Profile', () => {
  test('a learner renames themself, sets a photo and changes the password; other sessions end', async ({
    page,
    request,
    isMobile,
    saveScreenshot,
    expectAccessible,
  }) => {
    const email = uniqueEmail('perfil');
    const otherDevice = await signUpThroughApi(request, {
      name: 'Nome Antigo',
      email,
      password: PASSWORD,
    });

    await page.goto('/', { waitUntil: 'networkidle' });
    await openSignInFromBar(page, isMobile);
    await signIn(page, email, PASSWORD);
    await openAccountMenu(page, isMobile);
    await page.getByRole('menuitem', { name: 'Meu perfil' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { name: 'Meu perfil', level: 1 })).toBeVisible();
    await expectAccessible();
    await expectNoSidewaysScroll(page);

    const details = page.getByRole('form', { name: 'Nome e foto' });
    await details.getByLabel('Nome').fill('Nome Novo');
    await details.getByLabel('Escolher foto').setInputFiles({
      name: 'retrato.png',
      mimeType: 'image/png',
      buffer: gradientPng(160, 160, [220, 38, 38], [250, 204, 21]),
    });
    await details.getByRole('button', { name: 'Salvar perfil' }).click();
    await expect(details.getByRole('status')).toHaveText('Perfil atualizado');

    const data = await request.get('/api/user/data', {
      headers: { Authorization: `Bearer ${otherDevice}` },
    });
    const { user } = (await data.json()) as { user: { name: string; imageUrl: string } };
    expect(user.name).toBe('Nome Novo');
    // The server keeps its own re-encoding of the photo, never the uploaded file.
    const photo = await request.get(user.imageUrl);
    expect(photo.status()).toBe(200);
    expect(photo.headers()['content-type']).toBe('image/webp');

    await page.reload({ waitUntil: 'networkidle' });
    await expect(page.getByRole('form', { name: 'Nome e foto' }).getByLabel('Nome')).toHaveValue(
      'Nome Novo',
    );

    const password = page.getByRole('form', { name: 'Alterar senha' });
    await password.getByLabel('Senha atual').fill('nao-e-esta-senha');
    await password.getByLabel('Nova senha', { exact: true }).fill(NEW_PASSWORD);
    await password.getByLabel('Confirmar nova senha').fill(NEW_PASSWORD);
    await password.getByRole('button', { name: 'Alterar senha' }).click();
    await expect(password.getByRole('alert')).toHaveText('A senha atual está incorreta');

    await password.getByLabel('Senha atual').fill(PASSWORD);
    await password.getByRole('button', { name: 'Alterar senha' }).click();
    await expect(password.getByRole('status')).toHaveText(
      'Senha alterada. As outras sessões foram terminadas.',
    );
    await saveScreenshot('profile');

    // This browser keeps its session; the other device's token and the old password are refused.
    await page.reload({ waitUntil: 'networkidle' });
    await expect(page.getByRole('form', { name: 'Alterar senha' })).toBeVisible();
    const refused = await request.get('/api/user/data', {
      headers: { Authorization: `Bearer ${otherDevice}` },
    });
    expect(refused.status()).toBe(401);
    expect(
      (await request.post('/api/auth/sign-in', { data: { email, password: PASSWORD } })).status(),
    ).toBe(401);
    expect(
      (
        await request.post('/api/auth/sign-in', { data: { email, password: NEW_PASSWORD } })
      ).status(),
    ).toBe(200);
  });
});
