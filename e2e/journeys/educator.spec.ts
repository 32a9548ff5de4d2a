import type { Page } from '@playwright/test';
import {
  becomeEducator,
  confirmBecomeEducator,
  chapterCard,
  descriptionEditor,
  expectInside,
  expectNoHorizontalOverflow,
  fillCourseForm,
  pasteHtml,
  settleAnimations,
  statValue,
  watchDialogs,
  withoutToasts,
  type CourseSpec,
} from '../support/educator';
import { expect, signUp, test } from '../support/fixtures';
import { gradientPng } from '../support/png';

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Área do educador' });

/** Opens a section from the educator sidebar and waits for its heading (its data has arrived). */
async function openSection(page: Page, label: string) {
  await sidebar(page).getByRole('link', { name: label, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: label })).toBeVisible();
}

/** Runs the checks every educator page gets, on either viewport. */
async function checkEducatorPage(
  page: Page,
  screenshot: string,
  saveScreenshot: (name: string, page?: Page, options?: { fullPage?: boolean }) => Promise<void>,
  expectAccessible: (page?: Page) => Promise<void>,
  fullPage = true,
) {
  await expectNoHorizontalOverflow(page);
  await settleAnimations(page);
  await expectAccessible(page);
  await withoutToasts(page, () => saveScreenshot(screenshot, page, { fullPage }));
}

test.describe('educator area', () => {
  test(
    'a new educator publishes a course, a student buys it, and the dashboard shows the sale',
    { tag: '@desktop-only' },
    async ({ page, browser, pageErrors, saveScreenshot, expectAccessible }, testInfo) => {
      test.setTimeout(180_000);
      const dialogs = watchDialogs(page);
      const check = (name: string, target: Page = page) =>
        checkEducatorPage(target, name, saveScreenshot, expectAccessible);
      const course: CourseSpec = {
        title: `Python do zero ${testInfo.workerIndex}-${Date.now().toString(36)}`,
        price: '49.90',
        discount: '20',
        thumbnail: gradientPng(320, 180),
        chapters: [
          {
            title: 'Primeiros passos',
            lectures: [
              {
                title: 'Instalar o Python',
                minutes: 12,
                url: 'https://youtu.be/rfscVS0vtbw',
                preview: true,
              },
              {
                title: 'Variáveis e tipos',
                minutes: 25,
                url: 'https://youtu.be/kqtD5dpn9C8',
                preview: false,
              },
            ],
          },
          {
            title: 'Estruturas de controlo',
            lectures: [
              {
                title: 'Condições e ciclos',
                minutes: 31,
                url: 'https://youtu.be/HGOBQPFzWKo',
                preview: false,
              },
            ],
          },
        ],
      };

      // Sign up from the public top bar, then become an educator from it.
      await page.goto('/');
      const header = page.getByTestId('site-header');
      await header.getByRole('button', { name: 'Começar' }).click();
      await signUp(page, 'Marta Educadora');
      await header.getByRole('button', { name: 'Tornar-se educador' }).click();
      await confirmBecomeEducator(page);
      await expect(page.getByText('Agora você pode publicar um curso')).toBeVisible();
      // Straight to the area just asked for.
      await expect(page).toHaveURL(/\/educator$/);

      // A new educator's dashboard: all zeros, no enrollments.
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
      await expect(statValue(page, 'Total Enrollments')).toHaveText('0');
      await expect(statValue(page, 'Total Courses')).toHaveText('0');
      await expect(statValue(page, 'Total Earnings')).toHaveText('Kz 0,00');
      await expect(page.getByText('Nenhuma inscrição ainda.')).toBeVisible();
      await check('educator-01-dashboard-empty');

      // Add the course: formatted description, price, thumbnail, two chapters, three lectures.
      await openSection(page, 'Add Course');
      const editor = descriptionEditor(page);
      await editor.click();
      // The opening line is the course page's summary; the rest is its description.
      await page.keyboard.type('Python para o dia a dia.');
      await page.keyboard.press('Enter');
      await page.keyboard.type('Aprenda com ');
      await page.keyboard.press('ControlOrMeta+B');
      await page.keyboard.type('projetos reais');
      await page.keyboard.press('ControlOrMeta+B');
      await page.keyboard.type('.');
      await page.keyboard.press('Enter');
      // Quill turns '- ' at the start of a line into a bullet list.
      await page.keyboard.type('- Sintaxe e tipos');
      await page.keyboard.press('Enter');
      await page.keyboard.type('Automação de tarefas');
      await expect(editor.locator('strong')).toHaveText('projetos reais');
      await expect(editor.locator('li')).toHaveText(['Sintaxe e tipos', 'Automação de tarefas']);
      await fillCourseForm(page, dialogs, course);
      await check('educator-02-add-course-filled');

      await page.getByRole('button', { name: 'ADD', exact: true }).click();
      await expect(page.getByText('Curso adicionado com sucesso')).toBeVisible();
      // Every field resets after a successful submit.
      await expect(page.getByLabel('Course Title')).toHaveValue('');
      await expect(page.getByLabel('Course Price')).toHaveValue('0');
      await expect(page.getByLabel('Discount %')).toHaveValue('0');
      await expect(page.getByRole('img', { name: 'Pré-visualização da miniatura' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: /^Remover capítulo/ })).toHaveCount(0);
      await expect(editor).toHaveText('');

      // My Courses: the new course with its price and no students yet.
      await openSection(page, 'My Courses');
      const row = page.getByRole('row').filter({ hasText: course.title });
      await expect(row.getByRole('cell')).toHaveText([
        course.title,
        '$ 49,90',
        'Kz 0,00',
        '0',
        // The browser's own day (the project's time zone), which differs from UTC's near midnight.
        `Publicado${new Date().toLocaleDateString('pt-BR', { timeZone: 'Africa/Luanda' })}`,
        'EditarCuponsPré-visualizarQuestionáriosDespublicarExcluir',
      ]);
      await check('educator-03-my-courses');
      const href = await row
        .getByRole('link', { name: course.title, exact: true })
        .getAttribute('href');
      const courseId = href?.split('/').pop() ?? '';
      expect(courseId).toMatch(/^[0-9a-f-]{36}$/);

      await openSection(page, 'Student Enrolled');
      await expect(page.getByText('Nenhum aluno inscrito ainda.')).toBeVisible();
      await check('educator-04-student-enrolled-empty');

      // The public catalogue finds it (newest first); its page shows the formatted description and
      // the preview.
      await page.goto('/course-list?sort=newest');
      await page.getByRole('link', { name: new RegExp(course.title) }).click();
      await expect(page).toHaveURL(new RegExp(`/course/${courseId}$`));
      await expect(page.getByRole('heading', { level: 1, name: course.title })).toBeVisible();
      await expect(page.getByText('Python para o dia a dia.', { exact: true })).toHaveCount(1);
      const description = page.getByRole('region', { name: 'Descrição do curso' });
      await expect(description).not.toContainText('Python para o dia a dia.');
      await expect(description.locator('strong')).toHaveText('projetos reais');
      await expect(description.locator('li')).toHaveText([
        'Sintaxe e tipos',
        'Automação de tarefas',
      ]);
      await expect(
        page.getByRole('button', { name: 'Pré-visualizar: Instalar o Python' }),
      ).toBeVisible();
      await expect(page.getByRole('button', { name: /^Pré-visualizar/ })).toHaveCount(1);
      await expect(page.getByText('Curso de Marta Educadora')).toBeVisible();
      await saveScreenshot('educator-05-public-course-page');

      // A second user, in a browser of their own, buys it through the sandbox checkout.
      const studentContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
      const student = await studentContext.newPage();
      student.on('pageerror', (err) => pageErrors.push(`student page: ${err.message}`));
      const studentDialogs = watchDialogs(student);
      await student.goto(`/course/${courseId}`);
      await student.getByTestId('site-header').getByRole('button', { name: 'Começar' }).click();
      await signUp(student, 'Bruno Aluno');
      await student.getByRole('button', { name: 'Acessar Curso', exact: true }).click();
      await expect(student).toHaveURL(/\/checkout\/[^/]+$/);
      await expect(student.getByText('Modo de teste', { exact: true })).toBeVisible();
      await expect(student.getByText(course.title, { exact: true })).toBeVisible();
      await expect(student.getByText('Kz 39,92')).toBeVisible();
      await student.getByRole('button', { name: 'Pagar' }).click();
      // Paid: the loading screen, then (after 5 s) the student's courses.
      await expect(student).toHaveURL(/\/my-enrollments$/, { timeout: 15_000 });
      await expect(student.getByRole('heading', { level: 1, name: 'Meus Cursos' })).toBeVisible();
      await expect(student.getByText(course.title, { exact: true }).first()).toBeVisible();
      expect(studentDialogs.unexpected).toEqual([]);
      await studentContext.close();

      // The educator sees the sale: one enrollment, the amount paid, the student's name.
      await page.goto('/educator');
      await expect(statValue(page, 'Total Enrollments')).toHaveText('1');
      await expect(statValue(page, 'Total Courses')).toHaveText('1');
      // The purchase's amount: 49.90 less 20%.
      await expect(statValue(page, 'Total Earnings')).toHaveText('Kz 39,92');
      const latest = page.getByRole('region', { name: 'Latest Enrollments' });
      await expect(latest.getByRole('row').nth(1).getByRole('cell')).toHaveText([
        '1',
        // The avatar's initial is hidden from screen readers but is part of the cell's text.
        /Bruno Aluno$/,
        course.title,
      ]);
      await check('educator-06-dashboard-with-sale');

      await openSection(page, 'Student Enrolled');
      const enrolled = page.getByRole('region', { name: 'Student Enrolled' });
      await expect(enrolled.getByRole('row').nth(1).getByRole('cell')).toHaveText([
        '1',
        /Bruno Aluno$/,
        course.title,
        new Date().toLocaleDateString('pt-BR', { timeZone: 'Africa/Luanda' }),
      ]);
      await check('educator-07-student-enrolled');

      await openSection(page, 'My Courses');
      // A course's earnings are what its buyers paid (the ledger), the same 39.92 as the dashboard's
      // total, not the spec's students × discounted price floored
      // (docs/decisions/2026-11-25-money-after-the-sale-guarantee-ledger-refunds.md).
      await expect(
        page.getByRole('row').filter({ hasText: course.title }).getByRole('cell'),
      ).toHaveText([
        course.title,
        '$ 49,90',
        'Kz 39,92',
        '1',
        `Publicado${new Date().toLocaleDateString('pt-BR', { timeZone: 'Africa/Luanda' })}`,
        'EditarCuponsPré-visualizarQuestionáriosDespublicarExcluir',
      ]);
      await check('educator-08-my-courses-with-sale');

      expect(dialogs.unexpected).toEqual([]);
    },
  );

  test(
    'a description with a script payload is stored and shown without running it',
    { tag: '@desktop-only' },
    async ({ page, saveScreenshot }) => {
      const dialogs = watchDialogs(page);
      const title = `Curso com HTML colado ${Date.now().toString(36)}`;

      // The offer page at /educator is the other way in for a signed-in student.
      await page.goto('/educator');
      await signUp(page, 'Rita Educadora');
      await page.getByRole('main').getByRole('button', { name: 'Tornar-se educador' }).click();
      await confirmBecomeEducator(page);
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

      await openSection(page, 'Add Course');
      const editor = descriptionEditor(page);
      await pasteHtml(
        editor,
        '<p>Um curso colado de outro site.</p>' +
          '<p>Texto <strong>seguro</strong></p>' +
          '<img src=x onerror=alert(1)>' +
          '<p><a href="javascript:alert(2)">clique aqui</a></p>',
      );
      await expect(editor).toContainText('clique aqui');
      await fillCourseForm(page, dialogs, {
        title,
        price: '0',
        discount: '0',
        thumbnail: gradientPng(64, 36, [220, 38, 38], [250, 204, 21]),
        // One complete lecture: ADD publishes only what a learner can take.
        chapters: [
          {
            title: 'Começo',
            lectures: [
              { title: 'Aula', minutes: 5, url: 'https://youtu.be/rfscVS0vtbw', preview: true },
            ],
          },
        ],
      });
      await page.getByRole('button', { name: 'ADD', exact: true }).click();
      await expect(page.getByText('Curso adicionado com sucesso')).toBeVisible();

      await openSection(page, 'My Courses');
      await page.getByRole('link', { name: title, exact: true }).click();
      const description = page.getByRole('region', { name: 'Descrição do curso' });
      await expect(description.locator('strong')).toHaveText('seguro');
      await expect(description).toContainText('clique aqui');
      await expect(description.locator('img')).toHaveCount(0);
      await expect(description.locator('[onerror]')).toHaveCount(0);
      const link = description.getByText('clique aqui');
      expect((await link.getAttribute('href')) ?? '').not.toMatch(/^\s*javascript:/i);
      await link.click();
      await expect(page).toHaveURL(/\/course\//);
      await saveScreenshot('educator-09-pasted-description');
      expect(dialogs.unexpected).toEqual([]);
    },
  );

  test('every educator page fits the viewport and passes axe', async ({
    page,
    saveScreenshot,
    expectAccessible,
  }) => {
    const dialogs = watchDialogs(page);
    const check = (name: string, fullPage = true) =>
      checkEducatorPage(page, name, saveScreenshot, expectAccessible, fullPage);

    // Signed out, /educator opens the sign-in dialog by itself; once signed up, a student is offered the role.
    await page.goto('/educator');
    await signUp(page, 'Joana Fernandes da Silva Educadora');
    const offer = page.getByRole('main');
    await expect(offer.getByRole('heading', { name: 'Área do educador' })).toBeVisible();
    await check('educator-pages-1-offer');

    await offer.getByRole('button', { name: 'Tornar-se educador' }).click();
    await confirmBecomeEducator(page);
    await expect(page.getByText('Agora você pode publicar um curso')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(statValue(page, 'Total Courses')).toHaveText('0');
    const latest = page.getByRole('region', { name: 'Latest Enrollments' });
    await expectInside(latest.getByText('Nenhuma inscrição ainda.'), latest);
    await expectInside(latest.getByRole('columnheader', { name: 'Course Title' }), latest);
    await check('educator-pages-2-dashboard');
    // The role is the server's: after a reload the area is still open.
    await page.reload();
    await expect(statValue(page, 'Total Courses')).toHaveText('0');

    await openSection(page, 'Add Course');
    await expect(descriptionEditor(page)).toBeVisible();
    // Without a thumbnail nothing is sent.
    let uploads = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/educator/add-course')) uploads++;
    });
    await page.getByLabel('Course Title').fill('Sem miniatura');
    await page.getByRole('button', { name: 'ADD', exact: true }).click();
    await expect(page.getByText('Thumbnail Not Selected')).toBeVisible();
    await expect(page.getByLabel('Course Title')).toHaveValue('Sem miniatura');
    expect(uploads).toBe(0);
    await fillCourseForm(
      page,
      dialogs,
      {
        title: 'Introdução à análise de dados com folhas de cálculo e Python para iniciantes',
        price: '120',
        discount: '15',
        thumbnail: gradientPng(160, 90),
        chapters: [
          {
            title: 'Um capítulo com um nome bastante comprido para caber num telemóvel',
            lectures: [
              {
                title: 'Uma aula com um título igualmente comprido e descritivo',
                minutes: 45,
                url: 'https://www.youtube.com/watch?v=rfscVS0vtbw',
                preview: true,
              },
            ],
          },
        ],
      },
      // A fixed dialog over a page longer than the screen is shot as the user sees it.
      () => check('educator-pages-3a-lecture-modal', false),
    );
    await check('educator-pages-3-add-course');
    await page.getByRole('button', { name: 'ADD', exact: true }).click();
    await expect(page.getByText('Curso adicionado com sucesso')).toBeVisible();

    expect(uploads).toBe(1);

    await openSection(page, 'My Courses');
    const courses = page.getByRole('region', { name: 'My Courses' });
    await expect(courses.getByRole('row')).toHaveCount(2);
    await check('educator-pages-4-my-courses');

    await openSection(page, 'Student Enrolled');
    const enrolled = page.getByRole('region', { name: 'Student Enrolled' });
    await expectInside(enrolled.getByText('Nenhum aluno inscrito ainda.'), enrolled);
    await check('educator-pages-5-student-enrolled');

    await openSection(page, 'Dashboard');
    await expect(statValue(page, 'Total Courses')).toHaveText('1');

    // On the profile, an educator chooses the word beside their name; it is saved as it is picked.
    await page.goto('/profile');
    const word = page.getByRole('group', { name: 'Como os alunos veem você' });
    await expect(word.getByRole('radio', { name: 'Educador', exact: true })).toBeChecked();
    await word.getByRole('radio', { name: 'Educadora' }).check();
    await expect(word.getByRole('status')).toHaveText('Pronto: é assim que os alunos verão você');
    await check('educator-pages-6-profile-educadora');
    await page.reload();
    await expect(word.getByRole('radio', { name: 'Educadora' })).toBeChecked();
    expect(dialogs.unexpected).toEqual([]);
  });
  test("a new educator's empty dashboard offers the first step: Criar o primeiro curso", async ({
    page,
    saveScreenshot,
    expectAccessible,
  }) => {
    await becomeEducator(page, 'Vera Educadora');
    await expect(statValue(page, 'Total Courses')).toHaveText('0');
    const offer = page.getByRole('main').getByRole('link', { name: 'Criar o primeiro curso' });
    await expect(offer).toBeVisible();
    await checkEducatorPage(page, 'educator-first-course-offer', saveScreenshot, expectAccessible);

    await offer.click();
    await expect(page).toHaveURL(/\/educator\/add-course$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Add Course' })).toBeVisible();
  });

  test('removing a chapter that has lectures asks first, naming its lecture count', async ({
    page,
    saveScreenshot,
    expectAccessible,
  }) => {
    const dialogs = watchDialogs(page);
    await becomeEducator(page, 'Sofia Educadora');
    await openSection(page, 'Add Course');
    const lecture = (title: string) => ({
      title,
      minutes: 10,
      url: 'https://youtu.be/rfscVS0vtbw',
      preview: false,
    });
    await fillCourseForm(page, dialogs, {
      title: 'Curso com capítulos a mais',
      price: '10',
      discount: '0',
      thumbnail: gradientPng(160, 90),
      chapters: [
        { title: 'Introdução', lectures: [lecture('Boas-vindas')] },
        {
          title: 'Rascunho',
          lectures: [lecture('Ideia 1'), lecture('Ideia 2'), lecture('Ideia 3')],
        },
        { title: 'Vazio', lectures: [] },
      ],
    });

    await page.getByRole('button', { name: 'Remover capítulo Rascunho', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Remover capítulo' });
    await expect(confirm).toContainText('Remover o capítulo "Rascunho" e as suas 3 aulas?');
    await expect(confirm.getByRole('button', { name: 'Cancelar' })).toBeFocused();
    await checkEducatorPage(
      page,
      'educator-remove-chapter-confirm',
      saveScreenshot,
      expectAccessible,
      false,
    );
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await expect(confirm).toBeHidden();
    await expect(chapterCard(page, 'Rascunho')).toContainText('3 aulas');

    await page.getByRole('button', { name: 'Remover capítulo Rascunho', exact: true }).click();
    await confirm.getByRole('button', { name: 'Remover', exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(chapterCard(page, 'Rascunho')).toHaveCount(0);

    // An empty chapter loses nothing: it goes at once.
    await page.getByRole('button', { name: 'Remover capítulo Vazio', exact: true }).click();
    await expect(chapterCard(page, 'Vazio')).toHaveCount(0);
    await expect(confirm).toHaveCount(0);
    await expect(chapterCard(page, 'Introdução')).toContainText('1 aula');
    expect(dialogs.unexpected).toEqual([]);
  });

  test('lectures without a title or a video are pointed out before ADD and in My Courses', async ({
    page,
    saveScreenshot,
    expectAccessible,
  }) => {
    const dialogs = watchDialogs(page);
    const check = (name: string) => checkEducatorPage(page, name, saveScreenshot, expectAccessible);
    const title = `Curso por completar ${Date.now().toString(36)}`;
    await becomeEducator(page, 'Tiago Educador');
    await openSection(page, 'Add Course');
    await fillCourseForm(page, dialogs, {
      title,
      price: '15',
      discount: '0',
      thumbnail: gradientPng(160, 90),
      chapters: [
        {
          title: 'Introdução',
          lectures: [
            { title: '', minutes: 5, url: 'https://youtu.be/rfscVS0vtbw', preview: true },
            { title: 'Variáveis', minutes: 8, url: '', preview: false },
          ],
        },
        {
          title: 'Prática',
          lectures: [
            {
              title: 'Exercícios',
              minutes: 10,
              url: 'https://youtu.be/kqtD5dpn9C8',
              preview: false,
            },
          ],
        },
      ],
    });

    const summary = 'Aulas incompletas: 1.1 sem título, 1.2 sem vídeo';
    await expect(page.getByText(summary)).toBeVisible();
    await expect(chapterCard(page, 'Introdução').getByText(/^Incompleta:/)).toHaveText([
      'Incompleta: sem título',
      'Incompleta: sem vídeo',
    ]);
    await expect(chapterCard(page, 'Prática').getByText(/^Incompleta:/)).toHaveCount(0);
    const add = page.getByRole('button', { name: 'ADD', exact: true });
    await expect(add).toHaveAccessibleDescription(new RegExp(`^${summary}`));
    await check('educator-incomplete-1-add-course');

    // The spec accepts them: ADD saves the course, but as a draft, the one rule publishing follows.
    await add.click();
    await expect(
      page.getByText(
        'Curso salvo como rascunho, ainda não publicado: Aula 1.1: falta o título; Aula 1.2: falta o URL do vídeo do YouTube. Complete-o e publique-o em My Courses.',
      ),
    ).toBeVisible();
    // The draft's own editor opens, with what is left before publishing on screen.
    await expect(page).toHaveURL(/\/educator\/course\/[0-9a-f-]{36}\/edit$/);
    const checklist = page.getByRole('region', { name: 'Para publicar, falta:' });
    await expect(checklist.getByRole('listitem')).toHaveText([
      'Aula 1.1: falta o título',
      'Aula 1.2: falta o URL do vídeo do YouTube',
    ]);
    await expect(page.getByLabel('Course Title')).toHaveValue(title);
    await check('educator-incomplete-1b-draft-editor');

    await openSection(page, 'My Courses');
    const row = page.getByRole('row').filter({ hasText: title });
    await expect(row.getByRole('cell').first()).toHaveText(`${title}${summary}`);
    await expect(row.getByText('Rascunho', { exact: true })).toBeVisible();
    await check('educator-incomplete-2-my-courses');
    expect(dialogs.unexpected).toEqual([]);
  });

  test(
    "on a phone, the bottom bar's Perfil menu makes a student an educator and leads to the dashboard",
    { tag: '@phone-only' },
    async ({ page }) => {
      const bottomBar = page.getByRole('navigation', { name: 'Navegação inferior' });
      const profile = bottomBar.getByRole('button', { name: 'Perfil' });
      await page.goto('/');
      await profile.click();
      await signUp(page, 'Paulo Educador');

      await profile.click();
      await page.getByRole('menuitem', { name: 'Tornar-se educador' }).click();
      await confirmBecomeEducator(page);
      await expect(page.getByText('Agora você pode publicar um curso')).toBeVisible();
      // Straight to the educator area it asked for.
      await expect(page).toHaveURL(/\/educator$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
      await expect(statValue(page, 'Total Courses')).toHaveText('0');
      await expectNoHorizontalOverflow(page);
    },
  );
});
