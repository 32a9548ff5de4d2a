import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';

const artifacts = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'artifacts');

/**
 * A full-page screenshot does not scroll, so images below the fold that wait for the viewport
 * (loading="lazy") would show as empty boxes: they are asked to load now, and awaited briefly.
 */
async function loadLazyImages(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const images = Array.from(document.querySelectorAll<HTMLImageElement>('img[loading="lazy"]'));
    for (const image of images) image.loading = 'eager';
    // decode() waits for the file and for the decoding, which decoding="async" would leave for later.
    const settled = images.map((image) => image.decode().catch(() => undefined));
    await Promise.race([
      Promise.all(settled),
      new Promise((resolve) => setTimeout(resolve, 3_000)),
    ]);
  });
}

/** Runs `action` with `css` added to the page, and takes it away again however the action ends. */
export async function withStyle<T>(page: Page, css: string, action: () => Promise<T>): Promise<T> {
  const style = await page.addStyleTag({ content: css });
  try {
    return await action();
  } finally {
    await style.evaluate((node) => node.parentNode?.removeChild(node));
  }
}

interface Fixtures {
  /** Uncaught page errors collected during the test; the fixture fails the test if any occurred. */
  pageErrors: string[];
  /**
   * Saves a full-page screenshot as e2e/artifacts/<project>/<name>.png; `{ fullPage: false }` keeps
   * to the viewport (a dialog over a long page).
   */
  saveScreenshot: (name: string, page?: Page, options?: { fullPage?: boolean }) => Promise<void>;
  /** Fails on any serious or critical axe violation of the current page. */
  expectAccessible: (page?: Page) => Promise<void>;
}

export const test = base.extend<Fixtures>({
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (err) => errors.push(err.message));
      await use(errors);
      expect(errors, 'uncaught page errors').toEqual([]);
    },
    { auto: true },
  ],
  saveScreenshot: async ({ page }, use, testInfo) => {
    await use(async (name: string, target: Page = page, { fullPage = true } = {}) => {
      const dir = path.join(artifacts, testInfo.project.name);
      mkdirSync(dir, { recursive: true });
      await loadLazyImages(target);
      // CSS pixels: a phone page at its device pixel ratio is a 40-megapixel image, slow to encode.
      await target.screenshot({
        path: path.join(dir, `${name}.png`),
        fullPage,
        scale: 'css',
      });
    });
  },
  expectAccessible: async ({ page }, use) => {
    await use(async (target = page) => {
      // A toast that starts fading in or out while axe reads colours would fail contrast for a
      // frame nobody reads it in; holding toasts still checks them as they sit on screen. The exit
      // animation runs once the style is gone, so the toast still leaves.
      const results = await withStyle(
        target,
        '.Toastify__toast { animation: none !important; }',
        () =>
          new AxeBuilder({ page: target })
            .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
            .analyze(),
      );
      const serious = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
      expect(serious, 'serious or critical accessibility violations').toEqual([]);
    });
  },
});

export { expect };

let counter = 0;
/** A unique, valid e-mail for a user created by this test run. */
export function uniqueEmail(prefix = 'aluno'): string {
  counter++;
  return `${prefix}.${Date.now().toString(36)}.${process.pid}.${counter}@exemplo.test`;
}

/**
 * The server hashes the password with scrypt, slow on purpose (~0.3 s alone): on a machine busy
 * with parallel workers and servers a sign-up or sign-in has taken 10 s, past expect's default.
 */
const PASSWORD_HASH_TIMEOUT = 30_000;

/** Signs up through the local dialog opened from the given trigger; ends signed in. */
export async function signUp(
  page: Page,
  name: string,
  email = uniqueEmail(),
  password = 'segredo-123',
) {
  const dialog = page.getByRole('dialog', { name: 'Entrar' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Criar conta' }).click();
  const signUpDialog = page.getByRole('dialog', { name: 'Criar conta' });
  await signUpDialog.getByLabel('Nome').fill(name);
  await signUpDialog.getByLabel('E-mail').fill(email);
  await signUpDialog.getByLabel('Senha').fill(password);
  await signUpDialog.getByRole('button', { name: 'Criar conta' }).click();
  await expect(signUpDialog).toBeHidden({ timeout: PASSWORD_HASH_TIMEOUT });
  return { email, password };
}

/** A new local account made through the API; its session token, for requests or a second device. */
export async function signUpThroughApi(
  request: APIRequestContext,
  account: { name: string; email: string; password: string },
): Promise<string> {
  const res = await request.post('/api/auth/sign-up', { data: account });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { token: string }).token;
}

/** Signs in through the local dialog, which must already be open; ends signed in. */
export async function signIn(page: Page, email: string, password: string) {
  const dialog = page.getByRole('dialog', { name: 'Entrar' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('Senha').fill(password);
  await dialog.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(dialog).toBeHidden({ timeout: PASSWORD_HASH_TIMEOUT });
}
