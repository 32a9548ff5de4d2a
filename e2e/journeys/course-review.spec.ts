import { generate } from 'otplib';
import type { APIRequestContext } from '@playwright/test';
import { consoleAdminEmail } from '../support/console';
import { expect, signUpThroughApi, test, uniqueEmail } from '../support/fixtures';
import { openSignInFromBar } from '../support/account-bar';
import { gradientPng } from '../support/png';
import { blockExternalHosts } from '../support/public';

/**
 * Course review (COURSE_REVIEW=on, on the euro deployment): an educator publishes, the course waits
 * in review out of the catalogue; the admin asks for changes with the checklist and a note; the
 * educator fixes the description and publishes again; the admin approves; the course is in the
 * catalogue. The educator's side goes through the API (its screens have their own journeys); the
 * reviewer's through the console.
 */

test.use({ baseURL: process.env.E2E_EUR_URL, serviceWorkers: 'block' });

const PASSWORD = 'senha-da-revisao-1';

async function waitForDeployment(request: APIRequestContext) {
  await expect
    .poll(async () => (await request.get('/api/health').catch(() => null))?.ok() ?? false, {
      message: 'the euro deployment answers',
      timeout: 120_000,
    })
    .toBe(true);
}

function courseData(title: string, description: string) {
  return JSON.stringify({
    courseTitle: title,
    courseDescription: description,
    coursePrice: 39.9,
    discount: 0,
    status: 'draft',
    courseContent: [
      {
        chapterTitle: 'Começo',
        chapterContent: [
          {
            lectureTitle: 'Primeira aula',
            lectureDuration: 10,
            lectureUrl: 'https://youtu.be/rfscVS0vtbw',
            isPreviewFree: true,
          },
        ],
      },
    ],
  });
}

test.describe('Course review', () => {
  test('an educator publishes, the admin asks for changes, the educator fixes, the admin approves and the course is in the catalogue', async ({
    page,
    request,
    isMobile,
    saveScreenshot,
    expectAccessible,
  }, testInfo) => {
    test.setTimeout(180_000);
    await waitForDeployment(request);
    await blockExternalHosts(page, process.env.E2E_EUR_URL!);
    const title = `Curso em revisão ${Date.now().toString(36)} ${testInfo.project.name}`;

    // The educator, through the API: an account, the educator role, a draft, then Publicar.
    const educatorToken = await signUpThroughApi(request, {
      name: 'Edu Revisado',
      email: uniqueEmail('educador'),
      password: PASSWORD,
    });
    const asEducator = { Authorization: `Bearer ${educatorToken}` };
    expect((await request.get('/api/educator/update-role', { headers: asEducator })).ok()).toBe(
      true,
    );
    const added = await request.post('/api/educator/add-course', {
      headers: asEducator,
      multipart: {
        courseData: courseData(title, '<p>Curso.</p>'),
        image: { name: 'thumb.png', mimeType: 'image/png', buffer: gradientPng(64, 36) },
      },
    });
    expect(added.ok(), await added.text()).toBe(true);
    const { courseId } = (await added.json()) as { courseId: string };
    const publish = () =>
      request.post(`/api/educator/course/${courseId}/publish`, { headers: asEducator });
    const sent = await publish();
    expect(((await sent.json()) as { status: string }).status).toBe('in_review');
    const inCatalogue = async () =>
      (
        (await (await request.get('/api/course/all')).json()) as { courses: { _id: string }[] }
      ).courses.some((c) => c._id === courseId);
    expect(await inCatalogue()).toBe(false);

    // The admin: two-step on through the API, then signs in through the dialog's two steps.
    const adminEmail = consoleAdminEmail(testInfo.project.name, testInfo.retry);
    const adminToken = await signUpThroughApi(request, {
      name: 'Rita Revisora',
      email: adminEmail,
      password: PASSWORD,
    });
    const asAdmin = { Authorization: `Bearer ${adminToken}` };
    const setup = await request.post('/api/account/2fa/setup', { headers: asAdmin });
    const { secret } = (await setup.json()) as { secret: string };
    const now = Math.floor(Date.now() / 1000);
    const enabled = await request.post('/api/account/2fa/enable', {
      headers: asAdmin,
      data: { code: await generate({ secret, epoch: now }) },
    });
    expect(enabled.ok(), await enabled.text()).toBe(true);

    await page.goto('/', { waitUntil: 'networkidle' });
    await openSignInFromBar(page, isMobile);
    const dialog = page.getByRole('dialog', { name: 'Entrar' });
    await dialog.getByLabel('E-mail').fill(adminEmail);
    await dialog.getByLabel('Senha').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Entrar', exact: true }).click();
    const second = page.getByRole('dialog', { name: 'Verificação em duas etapas' });
    await second
      .getByLabel('Código de verificação')
      .fill(await generate({ secret, epoch: now + 30 }));
    await second.getByRole('button', { name: 'Verificar' }).click();
    await expect(second).toBeHidden({ timeout: 30_000 });

    await page.goto('/admin/courses', { waitUntil: 'networkidle' });
    const card = page.getByRole('listitem').filter({ hasText: title });
    await expect(card).toBeVisible();
    await expectAccessible();
    await saveScreenshot('console-review-queue');
    await card.getByRole('button', { name: 'Pedir alterações' }).click();
    const ask = page.getByRole('dialog', { name: `Pedir alterações: ${title}` });
    await ask.getByLabel('Título e descrição claros e fiéis ao conteúdo').check();
    await ask
      .getByLabel('Nota para o educador')
      .fill('Diga o que o aluno aprende em cada capítulo.');
    await saveScreenshot('console-review-request-changes', page, { fullPage: false });
    await ask.getByRole('button', { name: 'Pedir alterações' }).click();
    await expect(ask).toBeHidden({ timeout: 30_000 });
    await expect(card).toBeHidden();

    // The educator fixes the description and publishes again: back in the queue.
    const fixed = await request.put(`/api/educator/course/${courseId}`, {
      headers: asEducator,
      multipart: {
        courseData: courseData(title, '<p>Você aprende a instalar e configurar o ambiente.</p>'),
      },
    });
    expect(fixed.ok(), await fixed.text()).toBe(true);
    expect(((await (await publish()).json()) as { status: string }).status).toBe('in_review');

    await page.reload({ waitUntil: 'networkidle' });
    await card.getByRole('button', { name: 'Aprovar' }).click();
    await expect(card).toBeHidden({ timeout: 30_000 });
    await expect.poll(inCatalogue).toBe(true);
    await page.goto(`/course/${courseId}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

    const audit = await request.get(`/api/admin/audit?target=${courseId}`, { headers: asAdmin });
    const actions = ((await audit.json()) as { entries: { action: string }[] }).entries.map(
      (e) => e.action,
    );
    expect(actions).toEqual(['course.approved', 'course.changes_requested']);
  });
});
