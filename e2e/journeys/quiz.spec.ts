import type { Page } from '@playwright/test';
import { becomeEducator, chapterCard, fillCourseForm, watchDialogs } from '../support/educator';
import { expect, signIn, signUpThroughApi, test, uniqueEmail } from '../support/fixtures';
import { gradientPng } from '../support/png';
import { serveYouTubeStandIn } from '../support/youtube-stand-in';
import { myCourseEntry } from '../support/my-courses';

// The app registers a service worker, whose requests page.route could not see.
test.use({ serviceWorkers: 'block' });

test.beforeEach(async ({ page, baseURL }) => {
  if (!baseURL) throw new Error('the config sets baseURL');
  const origin = new URL(baseURL).origin;
  await page.route(
    (url) => url.origin !== origin && url.protocol.startsWith('http'),
    (route) => route.abort('blockedbyclient'),
  );
  await serveYouTubeStandIn(page);
});

const EXPLANATION = 'const cria uma ligação que não pode ser reatribuída';

/** Answers the quiz on screen: one question per screen on a phone, all at once on a desktop. */
async function answer(page: Page, isMobile: boolean, choices: string[]) {
  for (const [index, choice] of choices.entries()) {
    await page.getByRole('radio', { name: choice, exact: true }).check();
    if (isMobile && index < choices.length - 1) {
      await page.getByRole('button', { name: 'Próxima' }).click();
    }
  }
  await page.getByRole('button', { name: 'Enviar respostas' }).click();
}

test('an educator adds a chapter quiz; a learner fails once with only the score shown, passes and gets the certificate with the score', async ({
  page,
  browser,
  request,
  isMobile,
  saveScreenshot,
  expectAccessible,
}, testInfo) => {
  test.setTimeout(180_000);
  const title = `Quiz JS ${testInfo.workerIndex}-${Date.now().toString(36)}`;
  const dialogs = watchDialogs(page);
  await becomeEducator(page, 'Profa. Quiz');
  await page.goto('/educator/add-course');
  await fillCourseForm(page, dialogs, {
    title,
    price: '0',
    discount: '0',
    thumbnail: gradientPng(320, 180),
    chapters: [
      {
        title: 'Variáveis',
        lectures: [
          { title: 'let e const', minutes: 5, url: 'https://youtu.be/rfscVS0vtbw', preview: false },
        ],
      },
    ],
  });
  const card = chapterCard(page, 'Variáveis');
  await card.getByRole('button', { name: '+ Questionário' }).click();
  await card.getByLabel('Título do questionário').fill('Revisão de variáveis');
  await card.getByLabel('Tentativas').selectOption('3');
  await card.getByLabel('Enunciado').fill('Qual declara uma constante?');
  await card.getByLabel('Texto da opção 1').fill('const');
  await card.getByLabel('Texto da opção 2').fill('let');
  await card
    .getByLabel('Explicação (mostrada após a aprovação ou a última tentativa)')
    .fill(EXPLANATION);
  await card.getByRole('button', { name: '+ Pergunta' }).click();
  await card.getByLabel('Enunciado').nth(1).fill('JavaScript corre no navegador.');
  await card.getByLabel('Tipo').nth(1).selectOption('truefalse');
  await saveScreenshot('quiz-01-editor', page, { fullPage: true });
  await page.getByRole('button', { name: 'ADD', exact: true }).click();
  await expect(page.getByText('Curso adicionado com sucesso')).toBeVisible();
  expect(dialogs.unexpected).toEqual([]);

  // The learner: an account made through the API, enrolled, the lecture already watched.
  const { courses } = (await (await request.get('/api/course/all')).json()) as {
    courses: { _id: string; courseTitle: string }[];
  };
  const courseId = courses.find((course) => course.courseTitle === title)!._id;
  const account = { name: 'Joana Quiz', email: uniqueEmail('quiz'), password: 'segredo-123' };
  const token = await signUpThroughApi(request, account);
  const auth = { Authorization: `Bearer ${token}` };
  expect(
    (
      await request.post('/api/user/enroll-free-course', { data: { courseId }, headers: auth })
    ).ok(),
  ).toBe(true);
  const detail = (await (
    await request.get(`/api/course/${courseId}`, { headers: auth })
  ).json()) as {
    courseData: { courseContent: { chapterContent: { lectureId: string }[] }[] };
  };
  const lectureId = detail.courseData.courseContent[0]!.chapterContent[0]!.lectureId;
  expect(
    (
      await request.post('/api/user/update-course-progress', {
        data: { courseId, lectureId },
        headers: auth,
      })
    ).ok(),
  ).toBe(true);
  // Nothing in the course read, nor in the server-rendered course page and its loader data, answers the quiz.
  expect(JSON.stringify(detail)).not.toContain(EXPLANATION);
  const rendered = await request.get(`/course/${courseId}`);
  expect(rendered.ok()).toBe(true);
  const html = await rendered.text();
  expect(html).toContain('Revisão de variáveis');
  expect(html).not.toContain(EXPLANATION);
  expect(html).not.toMatch(/\\?"correct\\?"/);

  // Certificate refused while the required quiz is not passed.
  const early = await request.post(`/api/user/certificate/${courseId}`, { headers: auth });
  expect(early.status()).toBe(403);

  const context = await browser.newContext({
    viewport: page.viewportSize() ?? undefined,
    isMobile,
    hasTouch: isMobile,
    serviceWorkers: 'block',
  });
  const learner = await context.newPage();
  await learner.route(
    (url) => !url.href.startsWith(new URL(page.url()).origin) && url.protocol.startsWith('http'),
    (route) => route.abort('blockedbyclient'),
  );
  await serveYouTubeStandIn(learner);
  await learner.goto(`/player/${courseId}`);
  await signIn(learner, account.email, account.password);
  await expect(learner.getByRole('heading', { level: 1, name: title })).toBeVisible();
  // Every lecture is done, but the required quiz holds the chapter and the course back.
  const progress = learner.getByRole('progressbar', { name: 'Progresso no curso' });
  await expect(progress).toHaveAttribute('aria-valuenow', '50');
  await expect(learner.getByText('1 de 1 aulas · 0 de 1 questionário')).toBeVisible();
  await expect(learner.getByText(/Falta passar no questionário obrigatório/)).toBeVisible();
  await expect(learner.getByText(/1 de 2 concluídas/)).toContainText('falta o questionário');
  await saveScreenshot('quiz-02a-progress-waits-for-quiz', learner, { fullPage: true });
  const openQuiz = learner.getByRole('button', {
    name: 'Fazer questionário: Revisão de variáveis',
  });
  if (!(await openQuiz.isVisible())) {
    await learner.getByRole('button', { name: /1\. Variáveis/ }).click();
  }
  await openQuiz.click();
  await expect(
    learner.getByRole('heading', { name: 'Questionário: Revisão de variáveis' }),
  ).toBeVisible();
  // The quiz has its own address, read by its route's loader.
  await expect(learner).toHaveURL(new RegExp(`/player/${courseId}/quiz/[^/]+$`));
  await saveScreenshot('quiz-02-question', learner);
  await expectAccessible(learner);

  // A slip on 'Enviar respostas' with nothing chosen costs no attempt: the page asks for an answer.
  if (isMobile) await learner.getByRole('button', { name: 'Próxima' }).click();
  await learner.getByRole('button', { name: 'Enviar respostas' }).click();
  await expect(
    learner.getByText('Responda a pelo menos uma pergunta antes de enviar.'),
  ).toBeVisible();
  if (isMobile) await learner.getByRole('button', { name: 'Anterior' }).click();

  await answer(learner, isMobile, ['let', 'Verdadeiro']);
  await expect(learner.getByText('Não aprovado: 50%')).toBeVisible();
  // With attempts left, which questions were wrong (and why) would give the answers away.
  await expect(learner.getByText(/^Você verá quais questões acertou/)).toBeVisible();
  await expect(learner.getByText(EXPLANATION)).toHaveCount(0);
  await expect(learner.getByText('Errada')).toHaveCount(0);
  await expect(learner.getByText('(correta)')).toHaveCount(0);
  await expect(learner.getByText('2 tentativas restantes').first()).toBeVisible();
  await saveScreenshot('quiz-03-failed', learner, { fullPage: true });
  await expect(progress).toHaveAttribute('aria-valuenow', '50');

  // My Enrollments agrees: not complete, no certificate yet.
  await learner.getByRole('button', { name: 'Voltar às aulas' }).click();
  await expect(learner).toHaveURL(new RegExp(`/player/${courseId}$`));
  await learner.getByRole('link', { name: 'Meus Cursos' }).first().click();
  const entry = myCourseEntry(learner, title, isMobile);
  await expect(entry).toContainText('50%');
  await expect(entry).toContainText('1 de 1 aulas · 0 de 1 questionário');
  await expect(entry.getByRole('button', { name: /^Certificado/ })).toHaveCount(0);
  await saveScreenshot('quiz-03a-enrollments-waiting', learner, { fullPage: true });

  await entry.getByRole('link', { name: /^Continuar/ }).click();
  await expect(learner.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuenow', '50');
  if (!(await openQuiz.isVisible())) {
    await learner.getByRole('button', { name: /1\. Variáveis/ }).click();
  }
  await openQuiz.click();
  await expect(
    learner.getByText(/2 tentativas restantes · Obrigatório · Melhor nota 50%/),
  ).toBeVisible();
  await answer(learner, isMobile, ['const', 'Verdadeiro']);
  await expect(learner.getByText('Aprovado: 100%')).toBeVisible();
  await expect(learner.getByText('(correta)')).toHaveCount(2);
  await expect(progress).toHaveAttribute('aria-valuenow', '100');
  await expect(learner.getByText('1 de 1 aulas · 1 de 1 questionário')).toBeVisible();
  await saveScreenshot('quiz-04-passed', learner, { fullPage: true });

  await learner.getByRole('button', { name: 'Voltar às aulas' }).click();
  await expect(learner.getByText(/^Parabéns!/)).toBeVisible();
  await learner.getByRole('link', { name: 'Meus Cursos' }).first().click();
  await expect(entry).toContainText('100%');
  await expect(entry).toContainText('1 de 1 aulas · 1 de 1 questionário');
  await entry.getByRole('button', { name: /^Certificado/ }).click();
  await expect(learner).toHaveURL(/\/certificate\/[A-Za-z0-9_-]{22}$/);
  await expect(learner.getByText('Questionários aprovados')).toBeVisible();
  await expect(
    learner.getByRole('listitem').filter({ hasText: 'Revisão de variáveis' }),
  ).toHaveText('Revisão de variáveis: 100%');
  await saveScreenshot('quiz-05-certificate', learner, { fullPage: true });
  await context.close();

  // The educator reads how the quiz went: two attempts by one learner, one passed.
  await page.goto('/educator/my-courses');
  await page.getByRole('link', { name: `Questionários de ${title}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const stats = page.getByRole('article', { name: 'Revisão de variáveis' });
  await expect(stats.getByRole('definition')).toHaveText(['2', '1', '50%', '75%']);
  await expect(stats.getByRole('listitem')).toHaveText([
    'Qual declara uma constante? (errada 1 vez)',
  ]);
  await saveScreenshot('quiz-06-educator-stats', page, { fullPage: true });
  await expectAccessible(page);
});
