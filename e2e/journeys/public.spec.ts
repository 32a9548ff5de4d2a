import type { Page } from '@playwright/test';
import { expect, signIn, signUp, test } from '../support/fixtures';
import { openSignInFromBar } from '../support/account-bar';
import {
  blockExternalHosts,
  courseChapter,
  dragBy,
  expectNoSidewaysScroll,
  discountDeadline,
  findPreviewCourse,
  isSeededCourse,
  listCourses,
  openEveryChapter,
  settleEntrances,
} from '../support/public';
import { searchCourses } from '../support/search';

const SECRET_MESSAGE = 'Deus é amor. Jesus te ama!';

// The app registers a service worker, whose requests page.route could not see.
test.use({ serviceWorkers: 'block' });

test.beforeEach(async ({ page, baseURL }) => {
  if (!baseURL) throw new Error('the config sets baseURL');
  await blockExternalHosts(page, baseURL);
});

async function closeSignIn(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Entrar' });
  await dialog.getByRole('button', { name: 'Fechar' }).click();
  await expect(dialog).toBeHidden();
}

test.describe('Home', () => {
  test('shows the hero, and the search box goes to the filtered course list, or the whole list when empty', async ({
    page,
    isMobile,
    expectAccessible,
    saveScreenshot,
  }) => {
    // The server-rendered search box submits through the app once the page has hydrated.
    await page.goto('/', { waitUntil: 'networkidle' });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Aprenda as habilidades mais procuradas e transforme a sua carreira.',
    );
    // The long subtitle is for wide screens, the short one for phones.
    const longSubtitle = page.getByText(/com cursos práticos, mentorias com profissionais/);
    const shortSubtitle = page.getByText(
      'Aprenda as habilidades mais procuradas e junte-se à maior comunidade de tecnologia do país.',
    );
    await expect(isMobile ? shortSubtitle : longSubtitle).toBeVisible();
    await expect(isMobile ? longSubtitle : shortSubtitle).toBeHidden();
    await expect(
      page.getByRole('region', { name: 'Aprenda com os melhores' }).getByRole('link'),
    ).not.toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await settleEntrances(page);
    // Nothing on the page moves forever: a phone's compositor would draw 60 frames a second for it.
    const endless = await page.evaluate(() =>
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations === Infinity)
        .map((animation) => (animation as CSSAnimation).animationName ?? 'an animation'),
    );
    expect(endless).toEqual([]);
    await expectAccessible();
    await saveScreenshot('home');

    const search = page.getByRole('search');
    await expect(search.getByPlaceholder('Vamos aprender ...')).toBeVisible();
    await search.getByPlaceholder('Vamos aprender ...').fill('Python');
    await search.getByRole('button', { name: 'Pesquisar' }).click();
    await expect(page).toHaveURL(/\/course-list\/Python$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Lista de Cursos' })).toBeVisible();

    await page.goto('/');
    await page.getByRole('search').getByRole('button', { name: 'Pesquisar' }).click();
    await expect(page).toHaveURL(/\/course-list\/?$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Lista de Cursos' })).toBeVisible();
  });

  test('dragging a logo starts to reveal the hidden phrase', async ({
    page,
    isMobile,
    saveScreenshot,
  }) => {
    // The logos become draggable once their code has loaded after the page.
    await page.goto('/', { waitUntil: 'networkidle' });
    const section = page.getByRole('region', { name: 'Move a imagem, descubra um segredo' });
    await expect(section.getByRole('img', { name: /^Logo / })).toHaveCount(10);
    const revealed = page.getByTestId('secret-revealed');
    await expect(revealed).toHaveText('');

    await dragBy(page, section.getByRole('img', { name: 'Logo Python' }), 60, 40, isMobile);
    await expect(revealed).not.toHaveText('');
    const firstPart = (await revealed.textContent()) ?? '';
    expect(SECRET_MESSAGE.startsWith(firstPart)).toBe(true);
    expect(firstPart.length).toBeLessThan(SECRET_MESSAGE.length);

    await dragBy(page, section.getByRole('img', { name: 'Logo Swift' }), -60, 50, isMobile);
    await expect
      .poll(async () => ((await revealed.textContent()) ?? '').length)
      .toBeGreaterThan(firstPart.length);
    expect(SECRET_MESSAGE.startsWith((await revealed.textContent()) ?? '')).toBe(true);
    await expectNoSidewaysScroll(page);
    await saveScreenshot('home-easter-egg');
  });

  test('the teaser shows 24 courses that open their page, and "Ver mais cursos" opens the list', async ({
    page,
    request,
  }) => {
    expect((await listCourses(request)).length).toBeGreaterThan(24);
    // Coming back to the page in the browser asks for its few courses, never the whole catalogue.
    const courseReads: string[] = [];
    page.on('request', (req) => {
      const { pathname } = new URL(req.url());
      if (pathname === '/api/course/all' || pathname === '/api/course/teaser')
        courseReads.push(pathname);
    });
    await page.goto('/');
    const teaser = page.getByRole('region', { name: 'Aprenda com os melhores' });
    const cards = teaser.getByRole('listitem');
    await expect(cards).toHaveCount(24);
    // Other journeys publish courses on the same server, so the first card is read off the page.
    const firstTitle = await cards.first().getByRole('heading').textContent();
    if (!firstTitle) throw new Error('the first card has no title');

    await teaser.getByRole('link', { name: 'Ver mais cursos' }).click();
    await expect(page).toHaveURL(/\/course-list$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Lista de Cursos' })).toBeVisible();

    await page.goBack();
    await expect(
      page.getByRole('region', { name: 'Aprenda com os melhores' }).getByRole('listitem'),
    ).toHaveCount(24);
    expect(courseReads).toEqual(['/api/course/teaser']);
    await page
      .getByRole('region', { name: 'Aprenda com os melhores' })
      .getByRole('listitem')
      .first()
      .getByRole('link')
      .click();
    await expect(page).toHaveURL(/\/course\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: firstTitle })).toBeVisible();
  });

  test('signed out, "Reservar" and the mock-interview button open sign-in; signed in, the interview says it is in development', async ({
    page,
    saveScreenshot,
    expectAccessible,
  }) => {
    await page.goto('/');
    const mentors = page.getByRole('region', { name: 'Mentorias individuais' });
    await mentors.getByRole('button', { name: 'Reservar sessão com Mariana Costa' }).click();
    await expect(page.getByRole('dialog', { name: 'Entrar' })).toBeVisible();
    await settleEntrances(page);
    await expectAccessible();
    await saveScreenshot('sign-in-dialog', page, { fullPage: false });
    await closeSignIn(page);

    const interviews = page.getByRole('region', { name: 'Entrevistas simuladas' });
    await interviews.getByRole('button', { name: 'Quero participar' }).first().click();
    await signUp(page, 'Beatriz Entrevista');

    await interviews.getByRole('button', { name: 'Quero participar' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Em desenvolvimento' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('em construção');
    await expectAccessible();
    await saveScreenshot('under-development-dialog', page, { fullPage: false });
    await dialog.getByRole('button', { name: 'Fechar' }).click();
    await expect(dialog).toBeHidden();
  });

  test('the call to action: "Começar" opens sign-in and "Saiba mais" opens the privacy policy', async ({
    page,
  }) => {
    await page.goto('/');
    const cta = page.getByRole('region', { name: 'Aprenda o que quiser, quando e onde quiser' });
    await cta.getByRole('button', { name: 'Começar' }).click();
    await expect(page.getByRole('dialog', { name: 'Entrar' })).toBeVisible();
    await closeSignIn(page);

    await cta.getByRole('link', { name: 'Saiba mais' }).click();
    await expect(page).toHaveURL(/\/privacy-policy$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Política de Privacidade' }),
    ).toBeVisible();
  });
});

test.describe('Course list', () => {
  test('searches a word in any case, in relevance order, and the chip’s cross clears the search', async ({
    page,
    request,
    expectAccessible,
    saveScreenshot,
  }) => {
    const seeded = (await listCourses(request)).filter(isSeededCourse);
    const firstPage = await searchCourses(request, {});
    await page.goto('/course-list');
    await expect(page.getByRole('heading', { level: 1, name: 'Lista de Cursos' })).toBeVisible();
    const results = page.getByRole('region', { name: 'Cursos', exact: true }).getByRole('listitem');
    const titles = results.getByRole('heading');
    // Other journeys publish courses on the same server: the search endpoint is the reference.
    await expect(titles).toHaveText(firstPage.courses.map((course) => course.courseTitle));
    await expect(page.getByRole('navigation', { name: 'Trilha de navegação' })).toContainText(
      'Início',
    );
    await expectNoSidewaysScroll(page);
    await expectAccessible();
    await saveScreenshot('course-list');

    // A word from a real title, typed in another case, must find it first.
    const word = seeded[0]?.courseTitle.split(' ').find((part) => part.length >= 4);
    if (!word) throw new Error('the first seeded title has no word of four letters');
    const found = await searchCourses(request, { q: word.toUpperCase() });
    const search = page.getByRole('search');
    await search.getByRole('combobox', { name: 'Pesquisar cursos' }).fill(word.toUpperCase());
    await search.getByRole('button', { name: 'Pesquisar' }).click();
    await expect(page).toHaveURL(
      new RegExp(`/course-list/${encodeURIComponent(word.toUpperCase())}$`),
    );
    await expect(titles).toHaveText(found.courses.map((course) => course.courseTitle));
    await expect(titles.first()).toContainText(word, { ignoreCase: true });
    await expectNoSidewaysScroll(page);
    await saveScreenshot('course-list-filtered');

    await page.getByRole('button', { name: 'Limpar pesquisa' }).click();
    await expect(page).toHaveURL(/\/course-list$/);
    await expect(titles).toHaveText(firstPage.courses.map((course) => course.courseTitle));
    await expect(
      page.getByRole('search').getByRole('combobox', { name: 'Pesquisar cursos' }),
    ).toHaveValue('');

    await page.goto('/course-list/zzz-nenhum-curso');
    await expect(page.getByText(/Nenhum curso encontrado/)).toBeVisible();
  });
});

test.describe('Course detail', () => {
  test('shows the course, toggles chapters independently, the price panel, and plays a free preview', async ({
    page,
    request,
    expectAccessible,
    saveScreenshot,
  }) => {
    const { course, preview } = await findPreviewCourse(request);
    await page.goto(`/course/${course._id}`);
    await expect(page.getByRole('heading', { level: 1, name: course.courseTitle })).toBeVisible();
    // The mean to one decimal, with half stars ('Avaliação: 4,6 de 5'); 'Novo' while unrated.
    if (course.ratingCount > 0) {
      await expect(
        page.getByRole('img', { name: /^Avaliação: \d(,\d)? de 5$/ }).first(),
      ).toBeVisible();
    } else {
      await expect(page.getByText('Novo', { exact: true }).first()).toBeVisible();
    }

    const panel = page.getByRole('complementary', { name: 'Preço e inscrição' });
    // The seed dates some discounts: the page counts the days that are really left.
    await expect(panel).toContainText(discountDeadline(course));
    await expect(panel).toContainText(`${course.discount}% off`);
    await expect(panel.getByRole('button', { name: 'Acessar Curso', exact: true })).toBeVisible();

    const [firstChapter, secondChapter] = course.courseContent;
    if (!firstChapter || !secondChapter) throw new Error('the course has fewer than two chapters');
    const structure = page.getByRole('region', { name: 'Estrutura do curso' });
    const first = courseChapter(structure, firstChapter.chapterTitle);
    const second = courseChapter(structure, secondChapter.chapterTitle);
    await expect(first.chapter).toHaveAttribute('open');
    await expect(second.chapter).not.toHaveAttribute('open');
    await second.toggle.click();
    await expect(second.chapter).toHaveAttribute('open');
    await expect(first.chapter).toHaveAttribute('open');
    await first.toggle.click();
    await expect(first.chapter).not.toHaveAttribute('open');
    await expect(second.chapter).toHaveAttribute('open');
    await expectNoSidewaysScroll(page);
    await expectAccessible();
    await saveScreenshot('course-detail');

    // Opening every chapter makes the preview lecture's play action reachable, wherever it sits.
    await openEveryChapter(structure);
    await expect(panel.getByRole('img', { name: course.courseTitle })).toBeVisible();
    await page
      .getByRole('button', { name: `Pré-visualizar: ${preview.lectureTitle}` })
      .first()
      .click();
    await expect(panel.getByRole('img', { name: course.courseTitle })).toBeHidden();
    await expect(panel.getByTestId('video-player')).toBeVisible();
    // YouTube is unreachable from the test machine: the player must say so rather than stay black.
    await expect(panel.getByTestId('video-player')).toContainText(
      'Não foi possível carregar o vídeo agora.',
    );
    await expectAccessible();
    await saveScreenshot('course-detail-preview');
  });
});

test.describe('Course page details', () => {
  test('the summary starts with the text, not a heading; plain facts do not look like links; on a phone a bar keeps the price and button at hand', async ({
    page,
    request,
    isMobile,
    expectAccessible,
    saveScreenshot,
  }) => {
    const { course } = await findPreviewCourse(request);
    // The bar follows the scroll once the page is hydrated; the server-rendered page has no bar yet.
    await page.goto(`/course/${course._id}`, { waitUntil: 'networkidle' });
    const title = page.getByRole('heading', { level: 1, name: course.courseTitle });
    await expect(title).toBeVisible();
    const header = page.locator('header', { has: title });
    // A description that opens with a heading of its own (older courses: 'Sobre este curso') is
    // summarised from the text after it, never from the heading.
    await expect(header.locator('p').first()).not.toContainText('Sobre este curso');

    // Nothing in the header looks like a link unless it is one: same colour as the plain facts.
    const colour = (text: RegExp) =>
      header.getByText(text).evaluate((element) => getComputedStyle(element).color);
    const plainColour = await colour(/^\d+ alunos?$/);
    expect(await colour(/^\(\d+ avaliaç(ão|ões)\)$/)).toBe(plainColour);
    await expect(header.getByRole('link')).toHaveCount(0);

    const panel = page.getByRole('complementary', { name: 'Preço e inscrição' });
    const bar = page.getByTestId('sticky-buy-bar');
    await expect(bar).toBeHidden();
    const panelEnd = await panel.evaluate(
      (element) => element.getBoundingClientRect().bottom + window.scrollY,
    );
    await page.evaluate((y) => window.scrollTo(0, y + 40), panelEnd);
    if (!isMobile) {
      // On a desktop the panel stays in view beside the content: no bar is needed.
      await expect(bar).toBeHidden();
      return;
    }
    await expect(bar).toBeVisible();
    await expect(bar).toContainText(/Kz \d{1,3}(?:\.\d{3})*,\d{2}/);
    const navBox = await page.getByRole('navigation', { name: 'Navegação inferior' }).boundingBox();
    if (!navBox) throw new Error('the bottom navigation is on screen');
    // Polled: the bar slides up into place when it appears.
    await expect
      .poll(
        async () => {
          const box = await bar.boundingBox();
          return box ? box.y + box.height : Number.POSITIVE_INFINITY;
        },
        { message: 'the bar sits above the bottom navigation' },
      )
      .toBeLessThanOrEqual(navBox.y + 0.5);
    await settleEntrances(page);
    await expectAccessible();
    await saveScreenshot('course-detail-sticky-bar', page, { fullPage: false });

    // A thumb moves the page a little at a time: at every stop between the panel and the footer the
    // bar is there, until the footer would slide under it.
    await page.evaluate(() => window.scrollTo(0, 0));
    const footer = page.locator('footer').first();
    for (let stop = 0; stop < 60; stop++) {
      const before = await page.evaluate(() => window.scrollY);
      await page.mouse.wheel(0, 120);
      // The wheel does not wait for the page to move.
      await page.waitForFunction((y) => window.scrollY !== y, before);
      const [panelBottom, footerTop] = await Promise.all([
        panel.evaluate((element) => element.getBoundingClientRect().bottom),
        footer.evaluate((element) => element.getBoundingClientRect().top),
      ]);
      // The bottom navigation and the bar cover about the last 134 px of a phone's screen.
      const viewportHeight = page.viewportSize()?.height ?? 844;
      if (footerTop < viewportHeight - 134) break;
      if (panelBottom < 0) await expect(bar, `scrolled to stop ${stop}`).toBeVisible();
    }

    // At the end of the course the bar leaves, so the footer is not covered.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(bar).toBeHidden();
    await page.evaluate((y) => window.scrollTo(0, y + 40), panelEnd);
    await bar.getByRole('button', { name: 'Acessar Curso', exact: true }).click();
    await expect(page.getByText('Faça login para se inscrever!')).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Entrar' })).toBeVisible();
  });
});

test.describe('Mentors', () => {
  test('the search filters by name or subject', async ({
    page,
    expectAccessible,
    saveScreenshot,
  }) => {
    await page.goto('/mentors-list');
    const cards = page.getByRole('region', { name: 'Mentores disponíveis' }).getByRole('article');
    await expect(cards).toHaveCount(4);
    await expect(cards.first().getByText('Kz 10.000/hora')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible();
    await saveScreenshot('mentors');

    const search = page.getByPlaceholder('Buscar por nome ou assunto...');
    await search.fill('SWIFT');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('Ana Beatriz Silva');
    await search.fill('joão');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('João Mendes');
    await search.fill('cobol');
    await expect(cards).toHaveCount(0);
    await expect(page.getByText('Nenhum mentor encontrado para essa busca.')).toBeVisible();
    await search.fill('');
    await expect(cards).toHaveCount(4);
  });
});

test.describe('Mentor cards and booking', () => {
  test('the cards line up along a row, and the booking pop-up closes on Esc, on its 44 px control and on Back', async ({
    page,
    expectAccessible,
    saveScreenshot,
  }) => {
    await page.goto('/mentors-list');
    const cards = page.getByRole('region', { name: 'Mentores disponíveis' }).getByRole('article');
    await expect(cards).toHaveCount(4);

    // Cards side by side start their description, subjects and price at the same height.
    const parts = await cards.evaluateAll((articles) =>
      articles.map((article) => {
        const top = (selector: string) =>
          article.querySelector(selector)?.getBoundingClientRect().top ?? Number.NaN;
        return {
          card: article.getBoundingClientRect().top,
          description: top(':scope > p'),
          subjects: top(':scope > ul'),
          price: top(':scope > div:last-child'),
        };
      }),
    );
    const rows = new Map<number, typeof parts>();
    for (const part of parts) rows.set(part.card, [...(rows.get(part.card) ?? []), part]);
    for (const row of rows.values()) {
      for (const key of ['description', 'subjects', 'price'] as const) {
        const tops = row.map((part) => Math.round(part[key]));
        expect(new Set(tops).size, `${key} tops along a row: ${tops.join(', ')}`).toBe(1);
      }
    }

    // A visitor signs up from Reservar, then books.
    const book = page.getByRole('button', { name: 'Reservar sessão com João Mendes' });
    await book.click();
    await signUp(page, 'Rita Mentorada');
    await book.click();
    const dialog = page.getByRole('dialog', { name: 'Agendar sessão com João Mendes' });
    await expect(dialog).toBeVisible();
    const close = dialog.getByRole('button', { name: 'Fechar' });
    const closeBox = await close.boundingBox();
    if (!closeBox) throw new Error('the close control is on screen');
    expect(closeBox.width).toBeGreaterThanOrEqual(44);
    expect(closeBox.height).toBeGreaterThanOrEqual(44);
    await expectAccessible();
    await saveScreenshot('mentor-booking', page, { fullPage: false });

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // Back closes the pop-up and stays on the page.
    await book.click();
    await expect(dialog).toBeVisible();
    await page.goBack();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/mentors-list$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Mentores' })).toBeVisible();

    // Closed with its control, the pop-up leaves no history entry behind for Back to stop at.
    await book.click();
    await expect(dialog).toBeVisible();
    await close.click();
    await expect(dialog).toBeHidden();
    await expect
      .poll(() =>
        page.evaluate(() => (history.state as { openDialog?: number } | null)?.openDialog),
      )
      .toBeUndefined();
  });
});

test.describe('Job list', () => {
  test('filters by title, says when nothing matches, and applying asks to sign in, then says it is in development', async ({
    page,
    expectAccessible,
    saveScreenshot,
  }) => {
    await page.goto('/job-list');
    await expect(page.getByRole('heading', { level: 1, name: 'Vagas de Emprego' })).toBeVisible();
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(20);
    await expectNoSidewaysScroll(page);
    await expectAccessible();
    await saveScreenshot('job-list');

    const filter = page.getByPlaceholder('Filtrar por título de vaga...');
    await filter.fill('ESTÁGIO');
    await expect(cards).not.toHaveCount(20);
    await expect(cards.first()).toBeVisible();
    for (const title of await cards.getByRole('heading').allTextContents()) {
      expect(title.toLowerCase()).toContain('estágio');
    }
    await filter.fill('astronauta');
    await expect(cards).toHaveCount(0);
    await expect(page.getByText('Nenhuma vaga encontrada com esse título.')).toBeVisible();
    await filter.fill('');

    await page.getByRole('button', { name: 'Aplicar Agora: Engenheiro DevOps' }).click();
    await signUp(page, 'Carlos Candidato');
    await page.getByRole('button', { name: 'Aplicar Agora: Engenheiro DevOps' }).click();
    const dialog = page.getByRole('dialog', { name: 'Em desenvolvimento' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Fechar' }).click();
    await expect(dialog).toBeHidden();
  });
});

test.describe('Privacy policy', () => {
  test('shows every section and the effective date', async ({
    page,
    expectAccessible,
    saveScreenshot,
  }) => {
    await page.goto('/privacy-policy');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Política de Privacidade' }),
    ).toBeVisible();
    await expect(page.getByText('Em vigor desde 11 de abril de 2025')).toBeVisible();
    expect(await page.getByRole('heading', { level: 2 }).count()).toBeGreaterThanOrEqual(8);
    await expectNoSidewaysScroll(page);
    await expectAccessible();
    await saveScreenshot('privacy-policy');
  });
});

test.describe('Contact', () => {
  test('shows field errors for empty and invalid input, then thanks the sender and goes home after 4 s', async ({
    page,
    expectAccessible,
    saveScreenshot,
  }) => {
    await page.goto('/contact');
    await expectNoSidewaysScroll(page);
    await expectAccessible();
    await saveScreenshot('contact');

    const email = page.getByLabel('Email Address');
    const message = page.getByLabel('Message');
    const submit = page.getByRole('button', { name: 'Submit' });
    await submit.click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Message is required')).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible();
    await saveScreenshot('contact-errors');

    await email.fill('nao-e-um-email');
    await message.fill('Olá! Gostaria de saber mais sobre as mentorias.');
    await submit.click();
    await expect(page.getByText('Email should be an email')).toBeVisible();
    await expect(page.getByText('Message is required')).toBeHidden();

    await email.fill('visitante@exemplo.test');
    await submit.click();
    await expect(page.getByText('You will receive a response from the team soon!')).toBeVisible();
    const sentAt = Date.now();
    await saveScreenshot('contact-sent');
    await expect(page).toHaveURL(/\/contact$/);
    await page.waitForURL((url) => url.pathname === '/', { timeout: 8_000 });
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(3_000);
  });
});

test.describe('Loading', () => {
  test('/loading/course-list shows the dots, then opens the course list after 5 s', async ({
    page,
    expectAccessible,
    saveScreenshot,
  }) => {
    const openedAt = Date.now();
    await page.goto('/loading/course-list');
    await expect(page.getByRole('status', { name: 'Carregando…' })).toBeVisible();
    // The shot comes first: under load the checks could outlast the 5 s and catch the next page.
    await saveScreenshot('loading', page, { fullPage: false });
    await expect(page).toHaveURL(/\/loading\/course-list$/);
    await expectAccessible();
    await page.waitForURL((url) => url.pathname === '/course-list', { timeout: 10_000 });
    expect(Date.now() - openedAt).toBeGreaterThanOrEqual(4_500);
    await expect(page.getByRole('heading', { level: 1, name: 'Lista de Cursos' })).toBeVisible();
  });
});

test.describe('Navigation', () => {
  test('the counter shows how many students are online', async ({ page }) => {
    await page.goto('/');
    const counter = page.getByTestId('site-header').getByText(/Alunos online/);
    await expect(counter).toBeVisible();
    await expect(counter).toHaveText(/^\d+ Alunos online$/);
  });

  test('signing up from the bar greets the user, signing out returns home, and signing in again works', async ({
    page,
    isMobile,
    expectAccessible,
    saveScreenshot,
  }) => {
    const name = 'Helena Navegação';
    await page.goto('/job-list');
    const topBar = page.getByRole('navigation', { name: 'Principal' });
    const bottomBar = page.getByRole('navigation', { name: 'Navegação inferior' });
    await expect(isMobile ? bottomBar : topBar).toBeVisible();
    await expect(isMobile ? topBar : bottomBar).toBeHidden();

    await openSignInFromBar(page, isMobile);
    const { email, password } = await signUp(page, name);

    if (isMobile) {
      await bottomBar.getByRole('link', { name: 'Explore' }).click();
      await expect(page).toHaveURL(/\/$/);
      await bottomBar.getByRole('link', { name: 'Empregos' }).click();
      await expect(page).toHaveURL(/\/job-list$/);
      await expect(bottomBar.getByRole('link', { name: 'Cursos' })).toHaveAttribute(
        'href',
        '/my-enrollments',
      );
      await bottomBar.getByRole('button', { name: 'Perfil' }).click();
      const menu = page.getByRole('menu', { name: 'Perfil' });
      await expect(menu).toContainText(`Olá, ${name}`);
      await expectAccessible();
      await saveScreenshot('profile-menu', page, { fullPage: false });
      await menu.getByRole('menuitem', { name: 'Sair' }).click();
      await expect(page).toHaveURL(/\/$/);
      await bottomBar.getByRole('button', { name: 'Perfil' }).click();
      await signIn(page, email, password);
      await bottomBar.getByRole('button', { name: 'Perfil' }).click();
      await expect(page.getByRole('menu', { name: 'Perfil' })).toContainText(`Olá, ${name}`);
      return;
    }

    await expect(topBar.getByText(`Olá, ${name}`)).toBeVisible();
    await expect(topBar.getByRole('link', { name: 'My Enrollments' })).toHaveAttribute(
      'href',
      '/my-enrollments',
    );
    await expect(topBar.getByRole('button', { name: 'Começar' })).toBeHidden();
    await expectAccessible();
    await saveScreenshot('signed-in-header');
    await topBar.getByRole('button', { name: 'Menu da conta' }).click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(topBar.getByRole('link', { name: 'My Enrollments' })).toBeHidden();
    await topBar.getByRole('button', { name: 'Começar' }).click();
    await signIn(page, email, password);
    await expect(topBar.getByText(`Olá, ${name}`)).toBeVisible();
  });
});
