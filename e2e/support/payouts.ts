import type { APIRequestContext } from '@playwright/test';
import { expect, signUpThroughApi, uniqueEmail } from './fixtures';
import { gradientPng } from './png';

/** The reais deployment's operator token (the config sets it): the payouts journeys act with it. */
export const ops = { Authorization: `Bearer ${process.env.E2E_OPS_TOKEN}` };

/** Playwright starts the brl server without waiting for it: the journey waits for its health. */
export async function waitForDeployment(request: APIRequestContext) {
  await expect
    .poll(async () => (await request.get('/api/health').catch(() => null))?.ok() ?? false, {
      message: 'the reais server answers',
      timeout: 120_000,
    })
    .toBe(true);
}

/**
 * Confirms `email` through the link the sign-up mailed (read from the dev outbox): money needs a
 * confirmed address.
 */
export async function confirmEmail(request: APIRequestContext, email: string): Promise<void> {
  let token: string | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get('/api/dev/outbox');
        const { mails } = (await res.json()) as { mails: { to: string; text: string }[] };
        token = mails
          .filter((m) => m.to === email)
          .map((m) => /\/verify-email\?token=([\w-]+)/.exec(m.text)?.[1])
          .find((found) => found !== undefined);
        return token;
      },
      { message: `a confirmation mail to ${email} in the outbox`, timeout: 15_000 },
    )
    .toBeDefined();
  const confirmed = await request.post('/api/auth/verify-email', { data: { token } });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
}

/** A new educator with a R$ 80,00 course (7 days' guarantee) that a learner bought just now, by Pix. */
export async function educatorWithASale(request: APIRequestContext) {
  const account = { name: 'Educadora Pix', email: uniqueEmail('payout'), password: 'segredo-123' };
  const token = await signUpThroughApi(request, account);
  const auth = { Authorization: `Bearer ${token}` };
  await confirmEmail(request, account.email);
  expect((await request.get('/api/educator/update-role', { headers: auth })).ok()).toBe(true);
  const me = (await (await request.get('/api/user/data', { headers: auth })).json()) as {
    user: { _id: string };
  };
  const created = await request.post('/api/educator/add-course', {
    headers: auth,
    multipart: {
      courseData: JSON.stringify({
        courseTitle: `Planilhas para pequenos negócios ${Date.now().toString(36)}`,
        courseDescription: '<p>Um curso vendido para testar os saques.</p>',
        coursePrice: 80,
        discount: 0,
        guaranteeDays: 7,
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
  expect(created.status(), await created.text()).toBe(201);
  const { courseId } = (await created.json()) as { courseId: string };

  const learner = {
    name: 'Aluno Pix',
    email: uniqueEmail('comprador'),
    password: 'segredo-123',
  };
  const learnerAuth = { Authorization: `Bearer ${await signUpThroughApi(request, learner)}` };
  const purchase = await request.post('/api/user/purchase', {
    headers: learnerAuth,
    data: { courseId },
  });
  expect(purchase.ok(), await purchase.text()).toBe(true);
  const { session_url: sessionUrl } = (await purchase.json()) as { session_url: string };
  const purchaseId = sessionUrl.split('/').pop() ?? '';
  const method = await request.post(`/api/payments/${purchaseId}/method`, {
    headers: learnerAuth,
    data: { method: 'pix' },
  });
  expect(method.ok(), await method.text()).toBe(true);
  const paid = await request.post(`/api/payments/sandbox/${purchaseId}/complete`, {
    headers: learnerAuth,
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  return { ...account, auth, id: me.user._id, courseId };
}
