import type { Locator } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { addChapter, becomeEducator } from '../support/educator';
import { gradientPng } from '../support/png';
import { blockExternalHosts, expectNoSidewaysScroll } from '../support/public';
import { plain, searchCourses } from '../support/search';

// The app registers a service worker, whose requests page.route could not see.
test.use({ serviceWorkers: 'block' });

test.beforeEach(async ({ page, baseURL }) => {
  if (!baseURL) throw new Error('the config sets baseURL');
  await blockExternalHosts(page, baseURL);
});

/** The count line: a polite live region (the loading skeleton is a status too, but not this one). */
const counter = (results: Locator) => results.locator('[aria-live="polite"]');

const countLine = (total: number) =>
  total === 1 ? '1 curso encontrado' : `${total} cursos encontrados`;

test.describe('Course search', () => {
  test('typing programacao on the home page lists the courses with Programação in their title first, with a count', async ({
    page,
    request,
    expectAccessible,
    saveScreenshot,
  }) => {
    const answer = await searchCourses(request, { q: 'programacao' });
    expect(answer.total).toBeGreaterThan(0);

    await page.goto('/', { waitUntil: 'networkidle' });
    const search = page.getByRole('search');
    await search.getByRole('combobox', { name: 'Pesquisar cursos' }).fill('programacao');
    await search.getByRole('button', { name: 'Pesquisar' }).click();
    await expect(page).toHaveURL(/\/course-list\/programacao$/);

    const results = page.getByRole('region', { name: 'Cursos', exact: true });
    await expect(counter(results)).toHaveText(countLine(answer.total));
    const titles = await results.getByRole('listitem').getByRole('heading').allTextContents();
    const inTitle = titles.map((title) => plain(title).includes('programacao'));
    expect(inTitle[0], `first result: ${titles[0]}`).toBe(true);
    // Relevance order: once a title lacks the word, no later one has it.
    const firstWithout = inTitle.indexOf(false);
    if (firstWithout >= 0) expect(inTitle.slice(firstWithout)).not.toContain(true);
    await expect(page.getByRole('button', { name: 'Limpar pesquisa' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible();
    await saveScreenshot('course-search');
  });

  test('a course published with a category and a level is found by those chips, the price sort orders the list, all in the address, and Back leaves the list instead of undoing each choice', async ({
    page,
    request,
    expectAccessible,
    saveScreenshot,
  }, testInfo) => {
    const title = `Pentest na Prática ${testInfo.project.name} ${Date.now().toString(36)}`;
    // The two viewports run side by side on one server: each publishes in its own category, so
    // neither's course lands in the other's list between its API check and its page.
    const category =
      testInfo.project.name === 'phone'
        ? { slug: 'carreira', label: 'Carreira' }
        : { slug: 'seguranca', label: 'Segurança' };
    await becomeEducator(page, 'Rita Lopes');
    await page.goto('/educator/add-course');
    await page.getByLabel('Course Title').fill(title);
    await page.getByLabel('Course Price').fill('15');
    await page.getByLabel('Categoria (opcional)').selectOption({ label: category.label });
    await page.getByLabel('Nível (opcional)').selectOption({ label: 'Avançado' });
    await page.getByLabel('Course Thumbnail').setInputFiles({
      name: 'miniatura.png',
      mimeType: 'image/png',
      buffer: gradientPng(64, 36),
    });
    // One complete lecture: ADD publishes only what a learner can take.
    await addChapter(page, 'Começo');
    await page.getByRole('button', { name: '+ Add Lecture' }).click();
    const lecture = page.getByRole('dialog', { name: 'Add Lecture' });
    await lecture.getByLabel('Lecture Title').fill('Reconhecimento');
    await lecture.getByLabel('Duration (minutes)').fill('12');
    await lecture.getByLabel('Lecture URL').fill('https://youtu.be/rfscVS0vtbw');
    await lecture.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(lecture).toBeHidden();
    await page.getByRole('button', { name: 'ADD', exact: true }).click();
    await expect(page.getByText('Curso adicionado com sucesso')).toBeVisible();

    await page.goto('/course-list');
    const results = page.getByRole('region', { name: 'Cursos', exact: true });
    const status = counter(results);
    await expect(status).toHaveText(/cursos? encontrados?$/);
    const categories = page.getByRole('group', { name: 'Categoria' });
    await categories.getByRole('button', { name: category.label }).click();
    await expect(page).toHaveURL(new RegExp(`/course-list\\?category=${category.slug}$`));
    // As a person does, the next chip is pressed once the list shows the first one's results: a
    // phone run once clicked it while the list was being drawn again, and the click was lost.
    await expect(categories.getByRole('button', { name: category.label })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const inCategory = await searchCourses(request, { category: category.slug });
    await expect(status).toHaveText(countLine(inCategory.total));
    const levels = page.getByRole('group', { name: 'Nível' });
    await levels.getByRole('button', { name: 'Avançado' }).click();
    await expect(page).toHaveURL(
      new RegExp(`/course-list\\?category=${category.slug}&level=avancado$`),
    );
    await expect(levels.getByRole('button', { name: 'Avançado' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const titles = results.getByRole('listitem').getByRole('heading');
    await expect(titles.filter({ hasText: title })).toHaveCount(1);
    const advanced = await searchCourses(request, { category: category.slug, level: 'avancado' });
    await expect(status).toHaveText(countLine(advanced.total));
    await expect(titles).toHaveText(advanced.courses.map((course) => course.courseTitle));

    await page
      .getByRole('combobox', { name: 'Ordenar por' })
      .selectOption({ label: 'Menor preço' });
    await expect(page).toHaveURL(
      new RegExp(`/course-list\\?category=${category.slug}&level=avancado&sort=price$`),
    );
    const cheapest = await searchCourses(request, {
      category: category.slug,
      level: 'avancado',
      sort: 'price',
    });
    await expect(titles).toHaveText(cheapest.courses.map((course) => course.courseTitle));
    const prices = cheapest.courses.map(
      (course) => course.coursePrice * (1 - course.discount / 100),
    );
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    await expectNoSidewaysScroll(page);
    await expectAccessible();
    await saveScreenshot('course-list-filtered-by-chips');

    // Each choice replaced the address instead of adding to the history: Back leaves the list.
    await page.goBack();
    await expect(page).toHaveURL(/\/educator\/add-course$/);
    await page.goForward();
    await expect(page).toHaveURL(
      new RegExp(`/course-list\\?category=${category.slug}&level=avancado&sort=price$`),
    );
    await expect(titles).toHaveText(cheapest.courses.map((course) => course.courseTitle));
  });

  test('the list shows 24 courses and Ver mais adds the next ones', async ({
    page,
    request,
    saveScreenshot,
  }) => {
    await page.goto('/course-list');
    const results = page.getByRole('region', { name: 'Cursos', exact: true });
    await expect(counter(results)).toHaveText(/cursos encontrados$/);
    const { total } = await searchCourses(request, {});
    // The demo seed alone has more than one page.
    expect(total).toBeGreaterThan(24);
    const cards = results.getByRole('listitem');
    await expect(cards).toHaveCount(24);
    await expect(results.getByText(/^Mostrando 24 de \d+$/)).toBeVisible();
    await saveScreenshot('course-list-first-page', page, { fullPage: false });

    await results.getByRole('button', { name: 'Ver mais' }).click();
    await expect(cards).toHaveCount(Math.min(48, total));
    // Focus moves to the first new course, so the keyboard carries on from there.
    await expect(cards.nth(24).getByRole('link')).toBeFocused();
    await expectNoSidewaysScroll(page);
  });

  test('curso de python on the home page lists the Python courses first', async ({
    page,
    expectAccessible,
    saveScreenshot,
  }) => {
    await page.goto('/', { waitUntil: 'networkidle' });
    const search = page.getByRole('search');
    await search.getByRole('combobox', { name: 'Pesquisar cursos' }).fill('curso de python');
    await search.getByRole('button', { name: 'Pesquisar' }).click();
    await expect(page).toHaveURL(/\/course-list\/curso%20de%20python$/);
    const results = page.getByRole('region', { name: 'Cursos', exact: true });
    await expect(counter(results)).toHaveText(/cursos? encontrados?$/);
    const titles = await results.getByRole('listitem').getByRole('heading').allTextContents();
    // The demo catalogue has four courses with Python in the title; they lead the list.
    expect(titles.slice(0, 4).map((title) => plain(title).includes('python'))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    await expectNoSidewaysScroll(page);
    await expectAccessible();
    await saveScreenshot('course-search-curso-de-python');
  });

  test('a typo in the search box still suggests the course, and arrow + Enter opens it', async ({
    page,
    expectAccessible,
    saveScreenshot,
  }) => {
    await page.goto('/', { waitUntil: 'networkidle' });
    const box = page.getByRole('search').getByRole('combobox', { name: 'Pesquisar cursos' });
    await box.pressSequentially('dokcer', { delay: 30 });
    const listbox = page.getByRole('listbox', { name: 'Sugestões' });
    const option = listbox.getByRole('option', { name: /Docker Essencial para Programadores/ });
    await expect(option).toBeVisible();
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText(/sugest(ão|ões) disponíve(l|is)$/)).toBeAttached();
    await expectAccessible();
    await saveScreenshot('search-suggestions', page, { fullPage: false });
    const options = await listbox.getByRole('option').allTextContents();
    const index = options.findIndex((text) => text.includes('Docker Essencial para Programadores'));
    for (let step = 0; step <= index; step++) await box.press('ArrowDown');
    await expect(box).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id'))!);
    await box.press('Enter');
    await expect(page).toHaveURL(/\/course\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Docker Essencial para Programadores',
    );
  });

  test('a search nothing matches offers Você quis dizer and the popular courses', async ({
    page,
    expectAccessible,
    saveScreenshot,
  }) => {
    await page.goto('/course-list/kuberneeetes');
    const results = page.getByRole('region', { name: 'Cursos', exact: true });
    await expect(counter(results)).toHaveText(/^Nenhum curso encontrado para “kuberneeetes”/);
    await expect(results.getByText(/Você quis dizer/)).toBeVisible();
    await expect(results.getByRole('link', { name: 'kubernetes' })).toBeVisible();
    const popular = results.getByRole('region', { name: 'Cursos mais populares' });
    await expect(popular.getByRole('listitem')).toHaveCount(6);
    await expectNoSidewaysScroll(page);
    await expectAccessible();
    await saveScreenshot('search-no-match');
    await results.getByRole('link', { name: 'kubernetes' }).click();
    await expect(page).toHaveURL(/\/course-list\/kubernetes$/);
    await expect(results.getByRole('listitem').first()).toContainText('Kubernetes');
  });
});
