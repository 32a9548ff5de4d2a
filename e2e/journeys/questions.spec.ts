import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, signIn, signUpThroughApi, test, uniqueEmail } from '../support/fixtures';
import { gradientPng } from '../support/png';
import { pauseVideo, playFrom, serveYouTubeStandIn, videoTime } from '../support/youtube-stand-in';

// The app registers a service worker, whose requests page.route could not see.
test.use({ serviceWorkers: 'block' });

const PASSWORD = 'segredo-123';

/** A page of its own browser context (another person), other hosts blocked, YouTube stood in. */
async function personPage(browser: Browser, page: Page, isMobile: boolean, origin: string) {
  const context = await browser.newContext({
    viewport: page.viewportSize() ?? undefined,
    isMobile,
    hasTouch: isMobile,
    serviceWorkers: 'block',
  });
  const other = await context.newPage();
  await other.route(
    (url) => url.origin !== origin && url.protocol.startsWith('http'),
    (route) => route.abort('blockedbyclient'),
  );
  await serveYouTubeStandIn(other);
  return other;
}

/** An educator's free course with one 20-minute lecture, made through the API; a learner enrolled. */
async function courseWithLearner(request: APIRequestContext, tag: string) {
  const educator = { name: 'Profa. Marta', email: uniqueEmail('edu'), password: PASSWORD };
  const educatorToken = await signUpThroughApi(request, educator);
  const educatorAuth = { Authorization: `Bearer ${educatorToken}` };
  expect((await request.get('/api/educator/update-role', { headers: educatorAuth })).ok()).toBe(
    true,
  );
  const title = `Perguntas JS ${tag}`;
  const courseData = {
    courseTitle: title,
    courseDescription: '<p>Um curso para perguntar.</p>',
    coursePrice: 0,
    discount: 0,
    courseContent: [
      {
        chapterTitle: 'Começo',
        chapterContent: [
          {
            lectureTitle: 'Variáveis',
            lectureDuration: 20,
            lectureUrl: 'https://youtu.be/rfscVS0vtbw',
            isPreviewFree: false,
          },
        ],
      },
    ],
  };
  const added = await request.post('/api/educator/add-course', {
    headers: educatorAuth,
    multipart: {
      courseData: JSON.stringify(courseData),
      image: { name: 'thumb.png', mimeType: 'image/png', buffer: gradientPng(320, 180) },
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  const courseId = ((await added.json()) as { courseId: string }).courseId;
  const learner = { name: 'Joana Pergunta', email: uniqueEmail('qa'), password: PASSWORD };
  const learnerToken = await signUpThroughApi(request, learner);
  const enrolled = await request.post('/api/user/enroll-free-course', {
    data: { courseId },
    headers: { Authorization: `Bearer ${learnerToken}` },
  });
  expect(enrolled.ok()).toBe(true);
  return { educator, learner, courseId, title };
}

/** Another learner of the course, made and enrolled through the API; their auth header. */
async function enrolledThroughApi(request: APIRequestContext, courseId: string, name: string) {
  const token = await signUpThroughApi(request, {
    name,
    email: uniqueEmail('qa'),
    password: PASSWORD,
  });
  const headers = { Authorization: `Bearer ${token}` };
  const enrolled = await request.post('/api/user/enroll-free-course', {
    data: { courseId },
    headers,
  });
  expect(enrolled.ok()).toBe(true);
  return headers;
}

async function firstLectureId(
  request: APIRequestContext,
  courseId: string,
  headers: Record<string, string>,
) {
  const detail = (await (await request.get(`/api/course/${courseId}`, { headers })).json()) as {
    courseData: { courseContent: { chapterContent: { lectureId: string }[] }[] };
  };
  return detail.courseData.courseContent[0]!.chapterContent[0]!.lectureId;
}

async function openPlayer(page: Page, courseId: string, account: { email: string }, title: string) {
  await page.goto(`/player/${courseId}`);
  await signIn(page, account.email, PASSWORD);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  // The panel comes after the video.
  await expect(page.getByRole('tab', { name: 'Perguntas e respostas' })).toBeVisible();
}

test('a learner asks under a lecture, the educator answers from Perguntas, the learner accepts it and the bell told them', async ({
  page,
  browser,
  request,
  isMobile,
  baseURL,
  saveScreenshot,
  expectAccessible,
}, testInfo) => {
  test.setTimeout(180_000);
  const origin = new URL(baseURL!).origin;
  const tag = `${testInfo.project.name}-${Date.now().toString(36)}`;
  const { educator, learner, courseId, title } = await courseWithLearner(request, tag);

  const learnerPage = await personPage(browser, page, isMobile, origin);
  await openPlayer(learnerPage, courseId, learner, title);
  await learnerPage.getByRole('button', { name: 'Fazer uma pergunta' }).click();
  await learnerPage.getByLabel('Título da pergunta').fill('Quando uso const?');
  await learnerPage
    .getByLabel('Detalhes')
    .fill('Tentei `let x = 1` e depois:\n<img src=x onerror="document.title=\'xss\'">');
  await learnerPage.getByRole('button', { name: 'Publicar pergunta' }).click();
  const asked = learnerPage.getByRole('button', { name: 'Quando uso const?' });
  await expect(asked).toBeVisible();
  await saveScreenshot('questions-01-asked', learnerPage, { fullPage: true });

  // The educator answers in place, from the inbox.
  const educatorPage = await personPage(browser, page, isMobile, origin);
  await educatorPage.goto('/educator/questions');
  await signIn(educatorPage, educator.email, PASSWORD);
  await expect(educatorPage.getByRole('heading', { name: 'Quando uso const?' })).toBeVisible();
  // The stored markup is text on the educator's screen too.
  await expect(
    educatorPage.getByText('<img src=x onerror="document.title=\'xss\'">'),
  ).toBeVisible();
  await educatorPage
    .getByLabel('Responder')
    .fill('Sempre que não for reatribuir. Veja https://developer.mozilla.org/pt-BR/');
  await saveScreenshot('questions-02-inbox', educatorPage, { fullPage: true });
  await expectAccessible(educatorPage);
  await educatorPage.getByRole('button', { name: 'Enviar resposta' }).click();
  await expect(educatorPage.getByText('Resposta enviada.')).toBeVisible();
  await expect(
    educatorPage.getByText('Nenhuma pergunta sem resposta. Bom trabalho!'),
  ).toBeVisible();

  // The learner's bell shows the answer; its link opens the question in the player.
  await learnerPage.reload();
  const bell = learnerPage.getByRole('button', { name: 'Notificações (1 não lida)' });
  await expect(bell).toBeVisible();
  await bell.click();
  await saveScreenshot('questions-03-bell', learnerPage);
  await learnerPage
    .getByRole('link', { name: 'Profa. Marta respondeu à sua pergunta “Quando uso const?”' })
    .click();
  await expect(learnerPage.getByRole('heading', { name: 'Quando uso const?' })).toBeVisible();
  const answer = learnerPage
    .getByRole('listitem')
    .filter({ hasText: 'Sempre que não for reatribuir' });
  await expect(answer.getByText('Educador', { exact: true })).toBeVisible();
  await expect(
    answer.getByRole('link', { name: 'https://developer.mozilla.org/pt-BR/' }),
  ).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
  await answer.getByRole('button', { name: 'Aceitar resposta' }).click();
  await expect(answer.getByText('Resposta aceita')).toBeVisible();
  expect(await learnerPage.title()).not.toBe('xss');
  await expect(learnerPage.locator('img[src="x"]')).toHaveCount(0);
  await expect(learnerPage.getByRole('button', { name: 'Notificações' })).toBeVisible();
  await saveScreenshot('questions-04-accepted', learnerPage, { fullPage: true });
  await expectAccessible(learnerPage);
  await learnerPage.context().close();
  await educatorPage.context().close();
});

test('a learner reports an answer, the educator finds it under Denúncias, hides it and shows it again', async ({
  page,
  browser,
  request,
  isMobile,
  baseURL,
  saveScreenshot,
  expectAccessible,
}, testInfo) => {
  test.setTimeout(180_000);
  const origin = new URL(baseURL!).origin;
  const tag = `${testInfo.project.name}-reports-${Date.now().toString(36)}`;
  const { educator, learner, courseId, title } = await courseWithLearner(request, tag);
  // Another learner asks, and a third answers with an advertisement.
  const askerAuth = await enrolledThroughApi(request, courseId, 'Rita Pergunta');
  const spammerAuth = await enrolledThroughApi(request, courseId, 'Vendedor Insistente');
  const lectureId = await firstLectureId(request, courseId, askerAuth);
  const asked = await request.post(`/api/course/${courseId}/questions`, {
    headers: askerAuth,
    data: { lectureId, title: 'Como declaro uma função?', body: 'Com function ou com =>?' },
  });
  expect(asked.status()).toBe(201);
  const questionId = ((await asked.json()) as { question: { _id: string } }).question._id;
  const spam = 'Compre seguidores baratos em https://seguidores.example/promo';
  const answered = await request.post(`/api/questions/${questionId}/answers`, {
    headers: spammerAuth,
    data: { body: spam },
  });
  expect(answered.status()).toBe(201);

  // The learner reports the answer from the thread, saying why.
  const learnerPage = await personPage(browser, page, isMobile, origin);
  await openPlayer(learnerPage, courseId, learner, title);
  await learnerPage.getByRole('button', { name: 'Como declaro uma função?' }).click();
  const spamAnswer = learnerPage.getByRole('listitem').filter({ hasText: 'Compre seguidores' });
  await spamAnswer.getByRole('button', { name: 'Denunciar' }).click();
  await spamAnswer.getByLabel('Motivo da denúncia (opcional)').fill('Propaganda de seguidores');
  await spamAnswer.getByRole('button', { name: 'Enviar denúncia' }).click();
  await expect(learnerPage.getByText('Obrigado. O educador do curso vai analisar.')).toBeVisible();

  // The educator finds it under Denúncias, with the reason, and hides it with a note.
  const educatorPage = await personPage(browser, page, isMobile, origin);
  await educatorPage.goto('/educator/questions');
  await signIn(educatorPage, educator.email, PASSWORD);
  await educatorPage.getByRole('link', { name: 'Denúncias 1' }).click();
  const reportedAnswer = educatorPage.getByRole('listitem').filter({
    has: educatorPage.getByRole('heading', { name: 'Resposta a “Como declaro uma função?”' }),
  });
  await expect(reportedAnswer).toBeVisible();
  await expect(reportedAnswer.getByText(`${title} · Variáveis`)).toBeVisible();
  await expect(reportedAnswer.getByText(spam)).toBeVisible();
  await expect(reportedAnswer.getByText(/^1 denúncia, em /)).toBeVisible();
  await expect(reportedAnswer.getByText('Propaganda de seguidores')).toBeVisible();
  await saveScreenshot('questions-06-reports', educatorPage, { fullPage: true });
  await expectAccessible(educatorPage);
  await reportedAnswer.getByRole('button', { name: 'Ocultar' }).click();
  await reportedAnswer
    .getByLabel('Nota ao autor (por que foi ocultada)')
    .fill('Propaganda não é permitida nas perguntas do curso.');
  await reportedAnswer.getByRole('button', { name: 'Ocultar' }).click();
  await expect(
    reportedAnswer.getByText(
      'Oculta pelo educador: Propaganda não é permitida nas perguntas do curso.',
    ),
  ).toBeVisible();
  await saveScreenshot('questions-07-report-hidden', educatorPage, { fullPage: true });

  // Gone for the learner; back once the educator shows it again.
  await learnerPage.reload();
  await learnerPage.getByRole('button', { name: 'Como declaro uma função?' }).click();
  await expect(learnerPage.getByRole('heading', { name: 'Sem respostas ainda' })).toBeVisible();
  await expect(learnerPage.getByText('Compre seguidores')).toHaveCount(0);

  await reportedAnswer.getByRole('button', { name: 'Mostrar novamente' }).click();
  await expect(reportedAnswer.getByRole('button', { name: 'Ocultar' })).toBeVisible();
  await expect(reportedAnswer.getByText(/Oculta pelo educador/)).toHaveCount(0);
  await learnerPage.reload();
  await learnerPage.getByRole('button', { name: 'Como declaro uma função?' }).click();
  await expect(learnerPage.getByText(spam)).toBeVisible();

  // Done with it: dismissed, it leaves the list.
  await reportedAnswer.getByRole('button', { name: 'Dispensar' }).click();
  await expect(educatorPage.getByText('Nenhuma denúncia para analisar.')).toBeVisible();
  await expect(educatorPage.getByRole('link', { name: 'Denúncias 0' })).toBeVisible();
  await learnerPage.context().close();
  await educatorPage.context().close();
});

test('a note taken at 12:34 takes the player back to that second', async ({
  page,
  browser,
  request,
  isMobile,
  baseURL,
  saveScreenshot,
}, testInfo) => {
  test.setTimeout(120_000);
  const origin = new URL(baseURL!).origin;
  const tag = `${testInfo.project.name}-notes-${Date.now().toString(36)}`;
  const { learner, courseId, title } = await courseWithLearner(request, tag);
  const learnerPage = await personPage(browser, page, isMobile, origin);
  await openPlayer(learnerPage, courseId, learner, title);

  await playFrom(learnerPage, 754);
  await pauseVideo(learnerPage);
  await learnerPage.getByRole('tab', { name: 'Notas' }).click();
  await learnerPage.getByRole('button', { name: 'Adicionar nota em 12:34' }).click();
  await learnerPage.getByLabel('Nota em 12:34').fill('Rever a diferença entre let e const');
  await learnerPage.getByRole('button', { name: 'Salvar nota' }).click();
  const jump = learnerPage.getByRole('button', { name: 'Ir para 12:34' });
  await expect(jump).toBeVisible();
  await saveScreenshot('questions-05-note', learnerPage, { fullPage: true });

  await playFrom(learnerPage, 30);
  await pauseVideo(learnerPage);
  expect(Math.floor((await videoTime(learnerPage))!)).toBe(30);
  await jump.click();
  await expect.poll(async () => Math.floor((await videoTime(learnerPage)) ?? -1)).toBe(754);
  await learnerPage.context().close();
});

test('the answer e-mail arrives once, and its link stops those e-mails without signing in @desktop-only', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const tag = `mail-${testInfo.workerIndex}-${Date.now().toString(36)}`;
  const { educator, learner, courseId } = await courseWithLearner(request, tag);
  const signInApi = async (email: string) =>
    (
      (await (
        await request.post('/api/auth/sign-in', { data: { email, password: PASSWORD } })
      ).json()) as { token: string }
    ).token;
  const learnerAuth = { Authorization: `Bearer ${await signInApi(learner.email)}` };
  const educatorAuth = { Authorization: `Bearer ${await signInApi(educator.email)}` };
  const detail = (await (
    await request.get(`/api/course/${courseId}`, { headers: learnerAuth })
  ).json()) as { courseData: { courseContent: { chapterContent: { lectureId: string }[] }[] } };
  const lectureId = detail.courseData.courseContent[0]!.chapterContent[0]!.lectureId;
  const asked = await request.post(`/api/course/${courseId}/questions`, {
    headers: learnerAuth,
    data: { lectureId, title: `Pergunta ${tag}`, body: 'Como?' },
  });
  expect(asked.status()).toBe(201);
  const questionId = ((await asked.json()) as { question: { _id: string } }).question._id;
  const answered = await request.post(`/api/questions/${questionId}/answers`, {
    headers: educatorAuth,
    data: { body: 'Assim.' },
  });
  expect(answered.status()).toBe(201);

  type Mail = { to: string; subject: string; text: string };
  const mailsToLearner = async () =>
    ((await (await request.get('/api/dev/outbox')).json()) as { mails: Mail[] }).mails.filter(
      // The free enrollment's confirmation went to the same address.
      (mail) => mail.to === learner.email && mail.subject.startsWith('Nova resposta'),
    );
  await expect.poll(async () => (await mailsToLearner()).length, { timeout: 20_000 }).toBe(1);
  const [mail] = await mailsToLearner();
  expect(mail!.subject).toBe(`Nova resposta: Pergunta ${tag}`);
  const link = /(http\S+\/api\/notifications\/unsubscribe\?\S+)/.exec(mail!.text)![1]!;

  // A browser that never signed in.
  await page.goto(link);
  await page.getByRole('button', { name: 'Cancelar estes e-mails' }).click();
  await expect(page.getByRole('heading', { name: 'E-mails cancelados' })).toBeVisible();
  const preferences = await request.get('/api/notifications/preferences', { headers: learnerAuth });
  expect(((await preferences.json()) as { preferences: unknown }).preferences).toEqual({
    answers: false,
    digest: true,
    // Marketing stays off until the learner ticks it (issue 43's consent records).
    news: false,
  });
  expect(await mailsToLearner()).toHaveLength(1);
});
