import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { COURSE_CATEGORIES, COURSE_CATEGORY_SLUGS } from '@aprendiz/contract/catalogue';
import { signInTrigger } from '../support/account-bar';
import { expect, test } from '../support/fixtures';
import { isSeededCourse, listCourses } from '../support/public';
import {
  account,
  bearer,
  setUpWalk,
  shoot,
  signInAt,
  type Account,
  type Course,
} from '../support/walk';

/**
 * The smaller findings of the issue 31 walk, each as a person meets it: the player at 100 %, the
 * phone's player order, the 'Recuperar senha' dialog, the photo picker, the empty search, the
 * course page's description, Add Course's price and the catalogue's categories.
 */

setUpWalk();

/** A free course of the seed (it has no quizzes), read in full. */
async function freeSeededCourse(request: APIRequestContext): Promise<Course> {
  const summary = (await listCourses(request)).find(
    (course) =>
      isSeededCourse(course) && Math.round(course.coursePrice * (100 - course.discount)) === 0,
  );
  if (!summary) throw new Error('the seed has no free course');
  const response = await request.get(`/api/course/${summary._id}`);
  return ((await response.json()) as { courseData: Course }).courseData;
}

async function enrolledLearner(
  request: APIRequestContext,
  course: Course,
  name: string,
): Promise<Account> {
  const learner = await account(request, name);
  const enrolled = await request.post('/api/user/enroll-free-course', {
    headers: bearer(learner),
    data: { courseId: course._id },
  });
  expect(enrolled.ok(), await enrolled.text()).toBe(true);
  return learner;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The element that has the keyboard focus, described for a failure message. */
function focusedElement(page: Page): Promise<string> {
  return page.evaluate(() => {
    const active = document.activeElement;
    if (!active) return 'nothing';
    return `${active.tagName.toLowerCase()} "${active.getAttribute('aria-label') ?? active.textContent?.trim() ?? ''}"`;
  });
}

const isFocusWithin = (box: Locator) =>
  box.evaluate((element) => element.contains(document.activeElement));

test.describe('issue 31: the learner details', () => {
  test('a learner who has completed every lecture finds the certificate in the player', async ({
    page,
    request,
    saveScreenshot,
    expectAccessible,
  }) => {
    test.setTimeout(90_000);
    const course = await freeSeededCourse(request);
    const learner = await enrolledLearner(request, course, 'Beatriz Concluinte');
    for (const lecture of course.courseContent.flatMap((chapter) => chapter.chapterContent)) {
      const marked = await request.post('/api/user/update-course-progress', {
        headers: bearer(learner),
        data: { courseId: course._id, lectureId: lecture.lectureId },
      });
      expect(marked.ok(), await marked.text()).toBe(true);
    }

    await signInAt(page, `/player/${course._id}`, learner);
    await expect(page.getByRole('heading', { level: 1, name: course.courseTitle })).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Progresso no curso' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    await expect(
      page.getByText('Parabéns! Você concluiu todas as aulas deste curso.'),
    ).toBeVisible();
    const certificate = page.getByRole('button', { name: /^Certificado/ });
    await expect(certificate).toBeVisible();
    await expect(certificate).toHaveAccessibleName(
      new RegExp(`${escapeRegExp(course.courseTitle)}$`),
    );
    await certificate.scrollIntoViewIfNeeded();
    await shoot(page, 'walk-11-player-complete', saveScreenshot, expectAccessible, false);

    await certificate.click();
    await expect(page).toHaveURL(/\/certificate\/[A-Za-z0-9_-]{22}$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Certificado de conclusão' }),
    ).toBeVisible();
    await expect(
      page.getByRole('main').getByText(course.courseTitle, { exact: true }),
    ).toBeVisible();
  });

  test('on a phone the player lists the lectures right under the video, before questions, notes and rating @phone-only', async ({
    page,
    request,
    saveScreenshot,
    expectAccessible,
  }) => {
    const course = await freeSeededCourse(request);
    const learner = await enrolledLearner(request, course, 'Davi Celular');

    await signInAt(page, `/player/${course._id}`, learner);
    const lectures = page.getByRole('region', { name: 'Estrutura do curso' });
    const rating = page.getByRole('radiogroup', { name: 'Avalie este curso:' });
    await expect(lectures).toBeVisible();
    await expect(rating).toBeVisible();
    const listBox = await lectures.boundingBox();
    const ratingBox = await rating.boundingBox();
    if (!listBox || !ratingBox) throw new Error('the lecture list or the rating has no layout box');
    // Below the video comes the list, whole, and only then the stars.
    expect(listBox.y + listBox.height, 'lecture list ends above the rating').toBeLessThanOrEqual(
      ratingBox.y,
    );
    // … and before the questions and notes too: right under the video.
    const discussion = page.getByRole('region', { name: 'Perguntas e notas' });
    await expect(discussion).toBeVisible();
    const discussionBox = await discussion.boundingBox();
    expect(
      listBox.y + listBox.height,
      'lecture list ends above the questions and notes',
    ).toBeLessThanOrEqual(discussionBox?.y ?? 0);
    await lectures.scrollIntoViewIfNeeded();
    await shoot(page, 'walk-12-player-phone-order', saveScreenshot, expectAccessible);
  });

  test("'Recuperar senha' keeps the keyboard inside the dialog and closes on Esc", async ({
    page,
    isMobile,
    saveScreenshot,
    expectAccessible,
  }) => {
    await page.goto('/');
    const opener = signInTrigger(page, isMobile);
    await opener.click();
    await page
      .getByRole('dialog', { name: 'Entrar' })
      .getByRole('button', { name: 'Esqueceu a senha?' })
      .click();
    const forgot = page.getByRole('dialog', { name: 'Recuperar senha' });
    await expect(forgot.getByLabel('E-mail')).toBeFocused();
    await shoot(page, 'walk-13-forgot-password', saveScreenshot, expectAccessible, false);

    // Tab past the last control comes back to the first, Shift+Tab past the first to the last.
    const close = forgot.getByRole('button', { name: 'Fechar' });
    const back = forgot.getByRole('button', { name: 'Voltar para entrar' });
    await back.focus();
    await page.keyboard.press('Tab');
    await expect(close).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(back).toBeFocused();
    // However far the keyboard goes, it never reaches the page behind.
    for (let press = 0; press < 8; press++) {
      await page.keyboard.press('Tab');
      expect(
        await isFocusWithin(forgot),
        `after Tab ${press + 1}: ${await focusedElement(page)}`,
      ).toBe(true);
    }

    await page.keyboard.press('Escape');
    await expect(forgot).toBeHidden();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // Focus goes back to what opened the dialog, not to the top of the page.
    await expect(opener).toBeFocused();
  });

  test('the profile photo picker refuses a text file with a message and sends nothing', async ({
    page,
    request,
    saveScreenshot,
    expectAccessible,
  }) => {
    const learner = await account(request, 'Helena Foto');
    await signInAt(page, '/profile', learner);
    const details = page.getByRole('form', { name: 'Nome e foto' });
    const photo = details.getByLabel('Escolher foto');
    const profileCalls: string[] = [];
    page.on('request', (sent) => {
      if (new URL(sent.url()).pathname === '/api/user/profile') profileCalls.push(sent.method());
    });

    await photo.setInputFiles({
      name: 'notas.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Isto não é uma foto.\n'),
    });
    const refusal = details.getByRole('alert');
    await expect(refusal).toHaveText('Escolha uma foto JPEG, PNG, WebP, GIF ou AVIF.');
    await expect(photo).toHaveAttribute('aria-invalid', 'true');
    await expect(photo).toHaveAccessibleDescription(/Escolha uma foto/);
    // The refused file is not kept: the picker is empty again.
    expect(await photo.evaluate((input: HTMLInputElement) => input.files?.length ?? 0)).toBe(0);
    await shoot(page, 'walk-14-photo-refused', saveScreenshot, expectAccessible);

    await details.getByRole('button', { name: 'Salvar perfil' }).click();
    await expect(details.getByRole('alert')).toContainText(
      'Nada para alterar: mude o nome ou escolha uma foto',
    );
    expect(profileCalls, 'requests to /api/user/profile').toEqual([]);
    const data = await request.get('/api/user/data', { headers: bearer(learner) });
    const { user } = (await data.json()) as { user: { imageUrl: string } };
    expect(user.imageUrl).toBe('');
  });

  test("an empty search offers 'veja todos os cursos' as a link to the course list", async ({
    page,
    saveScreenshot,
    expectAccessible,
  }) => {
    // Words no course holds. Not a timestamp: other journeys name their courses with one, and the
    // typo-tolerant search rightly found a course whose suffix shared this one's first letters.
    const term = 'xilofone quântico';
    await page.goto('/course-list');
    const search = page.getByRole('main').getByRole('search');
    await search.getByRole('combobox', { name: 'Pesquisar cursos' }).fill(term);
    await search.getByRole('button', { name: 'Pesquisar' }).click();
    const results = page.getByRole('region', { name: 'Cursos', exact: true });
    const count = results.locator('[aria-live="polite"]');
    await expect(count).toContainText(`Nenhum curso encontrado para “${term}”.`);
    const all = count.getByRole('link', { name: 'veja todos os cursos' });
    await expect(all).toBeVisible();
    await shoot(page, 'walk-15-empty-search', saveScreenshot, expectAccessible, false);

    await all.click();
    await expect(page).toHaveURL(/\/course-list$/);
    await expect(count).toHaveText(/^\d+ cursos encontrados$/);
    await expect(results.getByRole('listitem').first()).toBeVisible();
  });

  test('the course page names its description with one heading', async ({
    page,
    request,
    isMobile,
    saveScreenshot,
    expectAccessible,
  }) => {
    const course = await freeSeededCourse(request);
    await page.goto(`/course/${course._id}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: course.courseTitle })).toBeVisible();
    const description = main.getByRole('region', { name: 'Descrição do curso' });
    await expect(main.getByRole('heading', { name: 'Descrição do curso' })).toHaveCount(1);
    await expect(main.getByRole('heading', { name: 'Sobre este curso' })).toHaveCount(0);
    // The description's own first heading comes after its text, not stacked under the page's.
    const firstInside = description.locator(':scope > div > *').first();
    await expect(firstInside).not.toHaveRole('heading');
    await description.scrollIntoViewIfNeeded();
    // The price panel is above, out of view: the phone's buy bar slides in; axe reads it once still.
    if (isMobile) await expect(page.getByTestId('sticky-buy-bar')).toBeVisible();
    await shoot(page, 'walk-16-course-description', saveScreenshot, expectAccessible, false);
  });

  test("Add Course's price field shows the currency learners pay in", async ({
    page,
    request,
    saveScreenshot,
    expectAccessible,
  }) => {
    const educator = await account(request, 'Sofia Educadora');
    const role = await request.get('/api/educator/update-role', { headers: bearer(educator) });
    expect(role.ok(), await role.text()).toBe(true);
    await signInAt(page, '/educator/add-course', educator);
    await expect(page.getByRole('heading', { level: 1, name: 'Add Course' })).toBeVisible();

    const price = page.getByLabel('Course Price');
    await price.fill('129.90');
    // 'Kz' sits inside the field's box, left of the figure (the e2e server charges in kwanzas).
    const label = price.locator('xpath=..').getByText('Kz', { exact: true });
    await expect(label).toBeVisible();
    const field = await price.boundingBox();
    const shown = await label.boundingBox();
    if (!field || !shown) throw new Error('the price field or its currency has no layout box');
    expect(shown.x).toBeGreaterThanOrEqual(field.x);
    expect(shown.x + shown.width).toBeLessThanOrEqual(field.x + field.width);
    expect(shown.y).toBeGreaterThanOrEqual(field.y);
    expect(shown.y + shown.height).toBeLessThanOrEqual(field.y + field.height);
    // The figure starts after the currency, not under it.
    const textStart = await price.evaluate(
      (input) =>
        input.getBoundingClientRect().left + parseFloat(getComputedStyle(input).paddingLeft),
    );
    expect(textStart).toBeGreaterThan(shown.x + shown.width);
    await expect(price.locator('xpath=..')).not.toContainText('$');
    await price.scrollIntoViewIfNeeded();
    await shoot(page, 'walk-17-add-course-price', saveScreenshot, expectAccessible, false);
  });

  test('every category of the course list has seed courses, Marketing and Carreira included', async ({
    page,
    request,
    saveScreenshot,
    expectAccessible,
  }) => {
    test.setTimeout(90_000);
    const seeded = (await listCourses(request)).filter(isSeededCourse);
    for (const slug of COURSE_CATEGORY_SLUGS) {
      expect(
        seeded.filter((course) => course.category === slug).length,
        `seed courses in ${slug}`,
      ).toBeGreaterThan(0);
    }

    await page.goto('/course-list');
    const chips = page.getByRole('group', { name: 'Categoria' });
    // The filter offers exactly the catalogue's categories, after 'Todas'.
    await expect(chips.getByRole('button')).toHaveText([
      'Todas',
      ...COURSE_CATEGORY_SLUGS.map((slug) => COURSE_CATEGORIES[slug]),
    ]);
    const results = page.getByRole('region', { name: 'Cursos', exact: true });
    const count = results.locator('[aria-live="polite"]');
    for (const slug of COURSE_CATEGORY_SLUGS) {
      const chip = chips.getByRole('button', { name: COURSE_CATEGORIES[slug], exact: true });
      await chip.click();
      await expect(chip).toHaveAttribute('aria-pressed', 'true');
      await expect(page).toHaveURL(new RegExp(`/course-list\\?category=${slug}$`));
      await expect(count).toHaveText(/^\d+ cursos? encontrados?$/);
      // A seed course of the category is among those listed (a course has one category, so the
      // previous chip's list never passes for this one).
      const ofSeed = seeded
        .filter((course) => course.category === slug)
        .map((course) => course.courseTitle);
      const titles = results.getByRole('listitem').getByRole('heading');
      await expect
        .poll(
          async () => (await titles.allTextContents()).filter((title) => ofSeed.includes(title)),
          {
            message: `seed courses listed under ${slug}`,
          },
        )
        .not.toEqual([]);
      if (slug === 'marketing' || slug === 'carreira') {
        await shoot(page, `walk-18-category-${slug}`, saveScreenshot, expectAccessible, false);
      }
    }
  });
});
