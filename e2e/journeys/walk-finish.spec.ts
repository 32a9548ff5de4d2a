import type { APIRequestContext, Locator } from '@playwright/test';
import {
  addChapter,
  chapterCard,
  expectInside,
  settleAnimations,
  watchDialogs,
} from '../support/educator';
import { openSignInFromBar } from '../support/account-bar';
import { expect, signUp, test } from '../support/fixtures';
import { discountDeadline, isSeededCourse, listCourses } from '../support/public';
import { gradientPng } from '../support/png';
import { account, bearer, shoot, signInAt, useWalkViewport, type Account } from '../support/walk';

const VIDEO = 'https://youtu.be/dQw4w9WgXcQ';

/** An educator with a published course through the API: these journeys are about what follows. */
async function publishCourse(
  request: APIRequestContext,
  educator: Account,
  title: string,
): Promise<string> {
  const res = await request.post('/api/educator/add-course', {
    headers: bearer(educator),
    multipart: {
      courseData: JSON.stringify({
        courseTitle: title,
        courseDescription: '<p>Um curso para testar a lista.</p>',
        coursePrice: 129.9,
        discount: 15,
        courseContent: [
          {
            chapterTitle: 'Começo',
            chapterContent: [
              {
                lectureTitle: 'Aula um',
                lectureDuration: 9,
                lectureUrl: VIDEO,
                isPreviewFree: true,
              },
            ],
          },
        ],
      }),
      image: { name: 'capa.png', mimeType: 'image/png', buffer: gradientPng(320, 180) },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = (await res.json()) as { courseId: string; status: string };
  expect(body.status).toBe('published');
  return body.courseId;
}

function courseRow(box: Locator, title: string): Locator {
  // `has` is looked for inside each row: the link is named from the page, not from the box.
  return box
    .getByRole('row')
    .filter({ has: box.page().getByRole('link', { name: title, exact: true }) });
}

test.describe('issue 31: the educator area feels finished', () => {
  test('My Courses: every row action is visible and clickable; Despublicar asks; Excluir with learners explains', async ({
    page,
    request,
    isMobile,
    saveScreenshot,
    expectAccessible,
  }) => {
    test.setTimeout(120_000);
    await useWalkViewport(page, isMobile);
    const educator = await account(request, 'Rita Educadora');
    expect(
      (await request.get('/api/educator/update-role', { headers: bearer(educator) })).ok(),
    ).toBe(true);
    const stamp = Date.now().toString(36);
    const longTitle = `Introdução à análise de dados com planilhas e Python para iniciantes ${stamp}`;
    const shortTitle = `Git ${stamp}`;
    const longId = await publishCourse(request, educator, longTitle);
    await publishCourse(request, educator, shortTitle);
    const learner = await account(request, 'Lia Aluna');
    const purchase = await request.post('/api/user/purchase', {
      headers: bearer(learner),
      data: { courseId: longId },
    });
    expect(purchase.ok(), await purchase.text()).toBe(true);
    const { session_url: sessionUrl } = (await purchase.json()) as { session_url: string };
    const purchaseId = sessionUrl.split('/').pop() ?? '';
    const paid = await request.post(`/api/payments/sandbox/${purchaseId}/complete`, {
      headers: bearer(learner),
    });
    expect(paid.ok(), await paid.text()).toBe(true);

    await signInAt(page, '/educator/my-courses', educator);
    await expect(page.getByRole('heading', { level: 1, name: 'My Courses' })).toBeVisible();
    const box = page.getByRole('region', { name: 'My Courses' });
    const row = courseRow(box, longTitle);
    await expect(row).toContainText('Publicado');

    if (isMobile) {
      // A phone keeps the sideways table, and says so.
      await expect(
        page.getByText('Deslize a tabela para o lado para ver todas as colunas →'),
      ).toBeVisible();
    } else {
      // At 1366 px nothing hides behind a sideways scroll: the table fits its box.
      const overflow = await box.evaluate((element) => element.scrollWidth - element.clientWidth);
      expect(overflow, 'hidden width of the table').toBeLessThanOrEqual(0);
    }
    for (const title of [longTitle, shortTitle]) {
      for (const action of ['Editar', 'Pré-visualizar', 'Despublicar', 'Excluir']) {
        const control = courseRow(box, title).getByRole(
          action === 'Editar' || action === 'Pré-visualizar' ? 'link' : 'button',
          { name: `${action} ${title}`, exact: true },
        );
        await control.scrollIntoViewIfNeeded();
        // Drawn whole inside the table's box, never '…' or past its edge.
        await expectInside(control, box);
        await expect(control).toHaveText(action);
      }
    }
    await shoot(page, 'walk-01-my-courses', saveScreenshot, expectAccessible);

    // Excluir on a course with a learner: the reason, and no delete button.
    await row.getByRole('button', { name: `Excluir ${longTitle}`, exact: true }).click();
    const why = page.getByRole('dialog', { name: 'Este curso não pode ser excluído' });
    await expect(why).toContainText(`"${longTitle}" tem 1 aluno inscrito`);
    await expect(why.getByRole('button', { name: 'Excluir' })).toHaveCount(0);
    await shoot(page, 'walk-02-cannot-delete', saveScreenshot, expectAccessible, false);

    // From there, Despublicar asks first, saying the learner keeps access, then confirms with a toast.
    await why.getByRole('button', { name: 'Despublicar' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Despublicar curso' });
    await expect(ask).toContainText('O aluno inscrito mantém o acesso a todas as aulas.');
    await shoot(page, 'walk-03-unpublish-confirm', saveScreenshot, expectAccessible, false);
    await ask.getByRole('button', { name: 'Despublicar' }).click();
    await expect(
      page.getByText('Curso despublicado: saiu do catálogo, e os alunos inscritos mantêm o acesso'),
    ).toBeVisible();
    await expect(courseRow(box, longTitle)).toContainText('Despublicado');
    await expect(
      courseRow(box, longTitle).getByRole('button', { name: `Publicar ${longTitle}` }),
    ).toBeVisible();

    // The dashboard on this screen: the trends chart drawn at its box's width, labels readable.
    await page
      .getByRole('navigation', { name: 'Área do educador' })
      .getByRole('link', { name: 'Dashboard', exact: true })
      .click();
    const chart = page.getByTestId('trends-chart');
    await expect(chart).toBeVisible();
    const chartBox = await chart.boundingBox();
    expect(chartBox?.height ?? 0, 'chart height').toBeGreaterThanOrEqual(200);
    const label = await chart.locator('text').first().boundingBox();
    expect(label?.height ?? 0, 'axis label height').toBeGreaterThanOrEqual(10);
    if (isMobile) {
      await expect(
        page.getByText('Deslize a tabela para o lado para ver todas as colunas →').first(),
      ).toBeVisible();
    }
    await shoot(page, 'walk-07-dashboard', saveScreenshot, expectAccessible);
  });

  test('Add Course: chapters are named in our own dialog, the builder speaks Portuguese, and leaving unsaved work asks first', async ({
    page,
    request,
    isMobile,
    saveScreenshot,
    expectAccessible,
  }) => {
    test.setTimeout(90_000);
    await useWalkViewport(page, isMobile);
    const dialogs = watchDialogs(page);
    const educator = await account(request, 'Caio Educador');
    expect(
      (await request.get('/api/educator/update-role', { headers: bearer(educator) })).ok(),
    ).toBe(true);
    await signInAt(page, '/educator/add-course', educator);
    await expect(page.getByRole('heading', { level: 1, name: 'Add Course' })).toBeVisible();

    await page.getByRole('button', { name: '+ Add Chapter' }).click();
    const naming = page.getByRole('dialog', { name: 'Novo capítulo' });
    await expect(naming.getByLabel('Nome do capítulo')).toBeFocused();
    await naming.getByRole('button', { name: 'Adicionar capítulo' }).click();
    await expect(naming.getByText('Informe o nome do capítulo.')).toBeVisible();
    await shoot(page, 'walk-04-chapter-dialog', saveScreenshot, expectAccessible, false);
    await naming.getByLabel('Nome do capítulo').fill('Primeiros passos');
    await naming.getByLabel('Nome do capítulo').press('Enter');
    await expect(naming).toBeHidden();
    const card = chapterCard(page, 'Primeiros passos');
    await expect(card).toContainText('0 aulas');
    await addChapter(page, 'Segundo');
    await expect(page.getByRole('button', { name: 'Remover capítulo Segundo' })).toBeVisible();
    expect(dialogs.unexpected, 'no browser prompt').toEqual([]);
    await shoot(page, 'walk-05-chapters', saveScreenshot, expectAccessible);

    // Unsaved work: a sidebar link asks first; staying keeps everything.
    const sidebar = page.getByRole('navigation', { name: 'Área do educador' });
    await sidebar.getByRole('link', { name: 'My Courses', exact: true }).click();
    const leave = page.getByRole('alertdialog', { name: 'Sair sem salvar?' });
    await expect(leave).toBeVisible();
    await shoot(page, 'walk-06-unsaved-changes', saveScreenshot, expectAccessible, false);
    await leave.getByRole('button', { name: 'Continuar editando' }).click();
    await expect(page).toHaveURL(/\/educator\/add-course$/);
    await expect(chapterCard(page, 'Segundo')).toBeVisible();
    await sidebar.getByRole('link', { name: 'My Courses', exact: true }).click();
    await leave.getByRole('button', { name: 'Sair sem salvar' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'My Courses' })).toBeVisible();
  });

  test('a new learner is welcomed, skips the logos, and after paying goes on with Ir agora', async ({
    page,
    request,
    isMobile,
    saveScreenshot,
    expectAccessible,
  }) => {
    test.setTimeout(90_000);
    await useWalkViewport(page, isMobile);
    await page.goto('/');
    await openSignInFromBar(page, isMobile);
    await signUp(page, 'Lia Recém-chegada');
    await expect(page.getByText('Conta criada. Boas-vindas, Lia!')).toBeVisible();
    await settleAnimations(page);
    await saveScreenshot('walk-08-welcome', page, { fullPage: false });

    // One link skips the ten logos to the courses.
    const skip = page.getByRole('link', { name: 'Pular os logos e ir para os cursos' });
    await skip.focus();
    await expect(skip).toBeVisible();
    await skip.press('Enter');
    await expect(page).toHaveURL(/#cursos$/);
    await expect(page.locator('#cursos')).toBeInViewport();

    // A paid course whose discount ends on a date: its page counts the days until it is owned.
    const course = (await listCourses(request)).find(
      (entry) =>
        isSeededCourse(entry) &&
        entry.discountEndsAt !== null &&
        entry.coursePrice * (1 - entry.discount / 100) > 0,
    );
    if (!course) throw new Error('the seed has no paid course with a dated discount');
    await page.goto(`/course/${course._id}`);
    await expect(page.getByText(discountDeadline(course)).first()).toBeVisible();
    await page.getByRole('button', { name: 'Acessar Curso', exact: true }).first().click();
    await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]+$/);
    await page.getByRole('button', { name: 'Pagar' }).click();
    await expect(page).toHaveURL(/\/loading\/my-enrollments$/);
    const goNow = page.getByRole('button', { name: 'Ir agora' });
    await expect(goNow).toBeVisible();
    // The page leaves by itself after 5 s: a quick viewport shot, then the button.
    await saveScreenshot('walk-09-paid', page, { fullPage: false });
    const clicked = Date.now();
    await goNow.click();
    await expect(page).toHaveURL(/\/my-enrollments$/, { timeout: 4_000 });
    expect(Date.now() - clicked).toBeLessThan(4_000);

    // Owned now: Retomar Curso without the price deadline beside it.
    await page.goto(`/course/${course._id}`);
    await expect(page.getByRole('link', { name: 'Retomar Curso' }).first()).toBeVisible();
    await expect(page.getByText(discountDeadline(course))).toHaveCount(0);
    await shoot(page, 'walk-10-owned-course', saveScreenshot, expectAccessible);
  });
});
