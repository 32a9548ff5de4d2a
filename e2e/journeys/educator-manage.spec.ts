import type { APIRequestContext, Browser, Page, TestInfo } from '@playwright/test';
import {
  becomeEducator,
  chapterCard,
  expectNoHorizontalOverflow,
  fillCourseForm,
  watchDialogs,
  type CourseSpec,
  type DialogWatch,
} from '../support/educator';
import { expect, signIn, signUpThroughApi, test, uniqueEmail } from '../support/fixtures';
import { gradientPng } from '../support/png';

const VIDEO = 'https://youtu.be/dQw4w9WgXcQ';
const PASSWORD = 'segredo-123';

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Área do educador' });

async function openSection(page: Page, label: string) {
  await sidebar(page).getByRole('link', { name: label, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: label })).toBeVisible();
}

function threeLectureCourse(title: string, price = '0'): CourseSpec {
  return {
    title,
    price,
    discount: '0',
    thumbnail: gradientPng(320, 180),
    chapters: [
      {
        title: 'Começo',
        lectures: [
          { title: 'Aula um', minutes: 5, url: VIDEO, preview: true },
          { title: 'Aula dois', minutes: 6, url: VIDEO, preview: false },
          { title: 'Aula três', minutes: 7, url: VIDEO, preview: false },
        ],
      },
    ],
  };
}

/** Adds a course through Add Course ('ADD' publishes it, 'Salvar rascunho' keeps a draft); answers its id. */
async function addCourse(
  page: Page,
  dialogs: DialogWatch,
  course: CourseSpec,
  button: 'ADD' | 'Salvar rascunho' = 'ADD',
): Promise<string> {
  await openSection(page, 'Add Course');
  await fillCourseForm(page, dialogs, course);
  await page.getByRole('button', { name: button, exact: true }).click();
  await expect(
    page.getByText(button === 'ADD' ? 'Curso adicionado com sucesso' : 'Rascunho salvo'),
  ).toBeVisible();
  await openSection(page, 'My Courses');
  const href = await myCourseRow(page, course.title)
    .getByRole('link', { name: course.title, exact: true })
    .getAttribute('href');
  const id = href?.split('/').pop() ?? '';
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  return id;
}

function myCourseRow(page: Page, title: string) {
  return page
    .getByRole('region', { name: 'My Courses' })
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: title, exact: true }) });
}

type Learner = { email: string; token: string };

/** A learner made through the API: the journeys are about the educator's side. */
async function learnerAccount(request: APIRequestContext, name: string): Promise<Learner> {
  const email = uniqueEmail('aprendiz');
  return { email, token: await signUpThroughApi(request, { name, email, password: PASSWORD }) };
}

function as(learner: Learner) {
  return { Authorization: `Bearer ${learner.token}` };
}

async function enrollFree(request: APIRequestContext, learner: Learner, courseId: string) {
  const res = await request.post('/api/user/enroll-free-course', {
    headers: as(learner),
    data: { courseId },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

async function lectureIds(request: APIRequestContext, learner: Learner, courseId: string) {
  const res = await request.get(`/api/course/${courseId}`, { headers: as(learner) });
  const { courseData } = (await res.json()) as {
    courseData: { courseContent: { chapterContent: { lectureId: string }[] }[] };
  };
  return courseData.courseContent.flatMap((c) => c.chapterContent.map((l) => l.lectureId));
}

async function complete(
  request: APIRequestContext,
  learner: Learner,
  courseId: string,
  lectureId: string,
) {
  const res = await request.post('/api/user/update-course-progress', {
    headers: as(learner),
    data: { courseId, lectureId },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

async function catalogueIds(request: APIRequestContext): Promise<string[]> {
  const res = await request.get('/api/course/all');
  return ((await res.json()) as { courses: { _id: string }[] }).courses.map((c) => c._id);
}

/** The learner's My Courses, signed in through the app's own dialog in a browser of their own. */
async function learnerPage(browser: Browser, testInfo: TestInfo, learner: Learner) {
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const page = await context.newPage();
  // Signed in from the home page: a signed-out visit to My Courses opens its own sign-in prompt.
  await page.goto('/', { waitUntil: 'networkidle' });
  await page.getByTestId('site-header').getByRole('button', { name: 'Começar' }).click();
  await signIn(page, learner.email, PASSWORD);
  await page.goto('/my-enrollments');
  await expect(page.getByRole('heading', { level: 1, name: 'Meus Cursos' })).toBeVisible();
  return { page, close: () => context.close() };
}

test.describe('educators manage their courses', () => {
  test(
    'an edit after publishing: new title and price, a lecture added and one removed, and the learner keeps the right progress',
    { tag: '@desktop-only' },
    async ({ page, request, browser, saveScreenshot, expectAccessible }, testInfo) => {
      test.setTimeout(180_000);
      const dialogs = watchDialogs(page);
      const title = `Curso editável ${Date.now().toString(36)}`;
      await becomeEducator(page, 'Edite Educadora');
      const courseId = await addCourse(page, dialogs, threeLectureCourse(title));

      const learner = await learnerAccount(request, 'Leo Aprendiz');
      await enrollFree(request, learner, courseId);
      const [first, second] = await lectureIds(request, learner, courseId);
      await complete(request, learner, courseId, first!);
      await complete(request, learner, courseId, second!);

      await myCourseRow(page, title)
        .getByRole('link', { name: `Editar ${title}` })
        .click();
      await expect(page).toHaveURL(new RegExp(`/educator/course/${courseId}/edit$`));
      await expect(page.getByLabel('Course Title')).toHaveValue(title);
      const newTitle = `${title} (revisto)`;
      await page.getByLabel('Course Title').fill(newTitle);
      await page.getByLabel('Course Price').fill('12.5');
      const card = chapterCard(page, 'Começo');
      await card.getByRole('button', { name: 'Remover aula Aula três' }).click();
      await card.getByRole('button', { name: '+ Add Lecture' }).click();
      const modal = page.getByRole('dialog', { name: 'Add Lecture' });
      await modal.getByLabel('Lecture Title').fill('Aula nova');
      await modal.getByLabel('Duration (minutes)').fill('4');
      await modal.getByLabel('Lecture URL').fill(VIDEO);
      await modal.getByRole('button', { name: 'Add', exact: true }).click();
      // Reordering by keyboard: the new lecture moves above 'Aula dois'.
      await card.getByRole('button', { name: 'Mover aula Aula nova para cima' }).focus();
      await page.keyboard.press('Enter');
      await expect(card.getByRole('listitem').nth(1)).toContainText('Aula nova');
      await expectAccessible(page);
      await saveScreenshot('educator-manage-01-edit');
      await page.getByRole('button', { name: 'Salvar alterações' }).click();

      await expect(page.getByText('Curso atualizado com sucesso')).toBeVisible();
      await expect(page).toHaveURL(/\/educator\/my-courses$/);
      await expect(myCourseRow(page, newTitle).getByRole('cell').nth(1)).toHaveText('$ 12,50');

      const learnerView = await learnerPage(browser, testInfo, learner);
      const entry = learnerView.page.getByRole('row').filter({ hasText: newTitle });
      // Two of the three lectures it has now: the removed one no longer counts.
      await expect(entry).toContainText('2 de 3 aulas');
      await expect(entry).toContainText('66%');
      await learnerView.close();
      expect(dialogs.unexpected).toEqual([]);
    },
  );

  test(
    'a draft is previewed in the player, then published; unpublished, it leaves the catalogue but not the learner; delete is refused with a learner and allowed without',
    { tag: '@desktop-only' },
    async ({ page, request, browser, saveScreenshot, expectAccessible }, testInfo) => {
      test.setTimeout(240_000);
      const dialogs = watchDialogs(page);
      const stamp = Date.now().toString(36);
      await becomeEducator(page, 'Dora Rascunho');

      const draftTitle = `Rascunho ${stamp}`;
      const draftId = await addCourse(
        page,
        dialogs,
        threeLectureCourse(draftTitle),
        'Salvar rascunho',
      );
      await expect(myCourseRow(page, draftTitle)).toContainText('Rascunho');
      expect(await catalogueIds(request)).not.toContain(draftId);
      expect((await request.get(`/api/course/${draftId}`)).status()).toBe(404);

      await myCourseRow(page, draftTitle)
        .getByRole('link', { name: `Pré-visualizar ${draftTitle}` })
        .click();
      await expect(page.getByRole('note')).toContainText('Modo de pré-visualização (Rascunho)');
      await expect(page.getByRole('heading', { level: 2, name: '1.1 Aula um' })).toBeVisible();
      await expectAccessible(page);
      await saveScreenshot('educator-manage-02-preview');
      await page.getByRole('link', { name: 'Voltar a My Courses' }).click();

      await myCourseRow(page, draftTitle)
        .getByRole('button', { name: `Publicar ${draftTitle}` })
        .click();
      await expect(page.getByText('Curso publicado')).toBeVisible();
      await expect(myCourseRow(page, draftTitle)).toContainText('Publicado');
      expect(await catalogueIds(request)).toContain(draftId);

      // Unpublish with a learner enrolled: out of the catalogue, still in their courses.
      const learner = await learnerAccount(request, 'Uma Aprendiz');
      await enrollFree(request, learner, draftId);
      await myCourseRow(page, draftTitle)
        .getByRole('button', { name: `Despublicar ${draftTitle}` })
        .click();
      const unpublish = page.getByRole('alertdialog', { name: 'Despublicar curso' });
      // The list was read before the learner enrolled: the dialog still says learners keep access.
      await expect(unpublish).toContainText(/inscritos? mant[éê]m o acesso/);
      await unpublish.getByRole('button', { name: 'Despublicar' }).click();
      await expect(page.getByText(/^Curso despublicado/)).toBeVisible();
      await expect(myCourseRow(page, draftTitle)).toContainText('Despublicado');
      expect(await catalogueIds(request)).not.toContain(draftId);
      await page.goto(`/course-list/${encodeURIComponent(draftTitle)}`);
      await expect(page.getByRole('link', { name: new RegExp(draftTitle) })).toHaveCount(0);
      const learnerView = await learnerPage(browser, testInfo, learner);
      await expect(learnerView.page.getByRole('row').filter({ hasText: draftTitle })).toBeVisible();
      await learnerView.close();

      // Delete: refused while someone is enrolled, allowed for a course nobody took.
      await page.goto('/educator/my-courses');
      await myCourseRow(page, draftTitle)
        .getByRole('button', { name: `Excluir ${draftTitle}` })
        .click();
      // With a learner, Excluir says why the course stays instead of offering a delete that fails.
      const why = page.getByRole('dialog', { name: 'Este curso não pode ser excluído' });
      await expect(why).toContainText(`"${draftTitle}" tem 1 aluno inscrito`);
      await expect(why.getByRole('button', { name: 'Excluir' })).toHaveCount(0);
      await why.getByRole('button', { name: 'Fechar' }).click();
      await expect(why).toBeHidden();
      await expect(myCourseRow(page, draftTitle)).toBeVisible();

      const lonelyTitle = `Sem alunos ${stamp}`;
      await addCourse(page, dialogs, threeLectureCourse(lonelyTitle), 'Salvar rascunho');
      await myCourseRow(page, lonelyTitle)
        .getByRole('button', { name: `Excluir ${lonelyTitle}` })
        .click();
      await page
        .getByRole('alertdialog', { name: 'Excluir curso' })
        .getByRole('button', { name: 'Excluir' })
        .click();
      await expect(page.getByText('Curso excluído')).toBeVisible();
      await expect(myCourseRow(page, lonelyTitle)).toHaveCount(0);
      expect(dialogs.unexpected).toEqual([]);
    },
  );

  test(
    "the dashboard's trends show the day's enrollment and earnings, as a chart and as a table",
    { tag: '@desktop-only' },
    async ({ page, request, saveScreenshot, expectAccessible }) => {
      test.setTimeout(150_000);
      const dialogs = watchDialogs(page);
      const title = `Curso pago ${Date.now().toString(36)}`;
      await becomeEducator(page, 'Tina Tendências');
      const courseId = await addCourse(page, dialogs, threeLectureCourse(title, '20'));

      const learner = await learnerAccount(request, 'Paulo Pagante');
      const started = await request.post('/api/user/purchase', {
        headers: as(learner),
        data: { courseId },
      });
      expect(started.ok(), await started.text()).toBe(true);
      const { session_url: sessionUrl } = (await started.json()) as { session_url: string };
      const purchaseId = sessionUrl.split('/').pop()!;
      const paid = await request.post(`/api/payments/sandbox/${purchaseId}/complete`, {
        headers: as(learner),
      });
      expect(paid.ok(), await paid.text()).toBe(true);

      await openSection(page, 'Dashboard');
      const trends = page.getByRole('region', { name: 'Tendências' });
      await expect(trends.getByText(/Hoje: 1 inscrição, Kz 20,00\./)).toBeVisible();
      await expect(page.getByTestId('trends-chart')).toBeVisible();
      await trends.getByText('Ver os dados do gráfico em tabela').click();
      const today = new Date().toLocaleDateString('pt-BR');
      await expect(
        page.getByRole('region', { name: 'Inscrições e ganhos por dia' }).getByRole('row').nth(1),
      ).toContainText(`${today}1Kz 20,00`);
      await trends.getByRole('button', { name: '90 dias' }).click();
      await expect(trends.getByText(/Nos últimos 90 dias: 1 inscrição/)).toBeVisible();
      await expectAccessible(page);
      await saveScreenshot('educator-manage-03-trends');
    },
  );

  test(
    'on a phone the educator tables say they scroll sideways and the page itself does not',
    { tag: '@phone-only' },
    async ({ page, saveScreenshot, expectAccessible }) => {
      test.setTimeout(150_000);
      const dialogs = watchDialogs(page);
      await becomeEducator(page, 'Fábio Telemóvel');
      await addCourse(page, dialogs, threeLectureCourse(`No telemóvel ${Date.now().toString(36)}`));
      await expect(
        page.getByText('Deslize a tabela para o lado para ver todas as colunas →'),
      ).toBeVisible();
      await expectNoHorizontalOverflow(page);
      await expectAccessible(page);
      await saveScreenshot('educator-manage-04-phone-my-courses');
      await openSection(page, 'Student Enrolled');
      await expect(
        page.getByText('Deslize a tabela para o lado para ver todas as colunas →'),
      ).toBeVisible();
      await expectNoHorizontalOverflow(page);
    },
  );
});
