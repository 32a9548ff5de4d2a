import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi, type StubRequest, type StubResponse } from '../../test/api-stub';
import { courseDetail, NO_REVIEWS, userData } from '../../test/course-fixtures';
import { LOADED, renderWithProviders, testUser } from '../../test/render';
import CourseDetailPage, { handle, loader, type CourseDetailData } from './course-detail';
import { formatPrice } from '../../components/price';

vi.mock('../../components/youtube-player-media', () => ({
  default: (props: { videoId: string; title: string; autoplay: boolean }) => (
    <iframe
      title={props.title}
      data-video-id={props.videoId}
      data-autoplay={props.autoplay ? 1 : 0}
    />
  ),
}));

const course = courseDetail();
/** A dated discount, so what a page leaves out of the panel is something it would otherwise say. */
const IN_THREE_DAYS = new Date(Date.now() + 60 * 3_600_000).toISOString();
const route = `/course/${course._id}`;

/** Answers the course with `response` and its reviews with none; `calls` are the course's reads only. */
function serve(response: StubResponse | (() => StubResponse)) {
  const calls: StubRequest[] = [];
  stubApi((request) => {
    const { method, url } = request;
    if (method === 'GET' && url === `/api/course/${course._id}`) {
      calls.push(request);
      return typeof response === 'function' ? response() : response;
    }
    if (method === 'GET' && url.startsWith(`/api/course/${course._id}/reviews`)) {
      return { data: NO_REVIEWS };
    }
    return { status: 404, data: { success: false, message: 'Rota desconhecida' } };
  });
  return { calls };
}

function renderPage(options: Parameters<typeof renderWithProviders>[1] = {}) {
  return renderWithProviders(<CourseDetailPage />, {
    route,
    path: '/course/:id',
    loader,
    ...options,
  });
}

function panel() {
  return screen.getByRole('complementary', { name: 'Preço e inscrição' });
}

describe('CourseDetailPage', { timeout: 20_000 }, () => {
  it('when the auth provider does not know yet who is signed in, then the course is not read before it does', async () => {
    const { calls } = serve({ data: { success: true, courseData: course } });
    renderPage({ auth: { user: null, isLoaded: false } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toHaveLength(0);
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  });

  it('when a signed-in visitor opens the page, then the course is read with their token', async () => {
    const { calls } = serve({ data: { success: true, courseData: course } });
    renderPage({ auth: { user: testUser } });
    await screen.findByRole('heading', { level: 1, name: course.courseTitle }, LOADED);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers.get('Authorization')).toBe('Bearer test-token');
  });

  it('when its route is matched, then the head is the course’s, and a missing course’s is kept out of search engines', () => {
    const meta = (loaded: CourseDetailData) =>
      handle.meta?.({
        data: loaded,
        params: { id: course._id },
        pathname: route,
        storefront: { currency: 'eur', methods: ['card'] },
      });
    const found = meta({ course: { ok: true, value: course }, reviews: { ok: true, value: null } });
    expect(found?.title).toBe('JavaScript do Zero');
    expect(found?.description).toBe('Aprenda JavaScript do zero.');
    expect(found?.type).toBe('product');
    expect(found?.price?.currency).toBe('EUR');
    expect(found?.noindex).toBeUndefined();
    const missing = meta({ course: { ok: true, value: null }, reviews: { ok: true, value: null } });
    expect(missing).toMatchObject({ title: 'Curso não encontrado', noindex: true });
  });

  it('when loaded, then title, 200-character plain summary, rating, counts and educator show', async () => {
    const longText = 'Palavra '.repeat(40).trim();
    serve({
      data: {
        success: true,
        courseData: { ...course, courseDescription: `<p>${longText}</p><p>Fim &amp; mais</p>` },
      },
    });
    renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'JavaScript do Zero' }, LOADED),
    ).toBeInTheDocument();
    const plain = `${longText} Fim & mais`;
    expect(screen.getByText(`${plain.slice(0, 200)}...`)).toBeInTheDocument();
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('img', { name: 'Avaliação: 4,3 de 5' })).toBeInTheDocument();
    expect(within(header).getByText('(7 avaliações)')).toBeInTheDocument();
    expect(within(header).getByText('42 alunos')).toBeInTheDocument();
    expect(header).toHaveTextContent('Curso de Carla Nunes');
  });

  it('when loaded, then the structure lists chapters and the description is rendered as rich text, without the summary’s paragraph', async () => {
    const courseDescription =
      '<h2>Sobre o curso</h2><p>Aprenda do zero.</p><p>Com <strong>JavaScript</strong> de verdade.</p>';
    serve({ data: { success: true, courseData: { ...course, courseDescription } } });
    renderPage();
    const structure = await screen.findByRole('region', { name: 'Estrutura do curso' }, LOADED);
    expect(
      within(structure).getByText('2 capítulos · 3 aulas · 1 hora, 45 minutos'),
    ).toBeInTheDocument();
    // The first chapter starts open: its lectures show.
    expect(
      within(structure)
        .getByRole('heading', { level: 3, name: /Introdução/ })
        .closest('details'),
    ).toHaveAttribute('open');
    expect(within(structure).getByText('Boas-vindas')).toBeVisible();
    const description = screen.getByRole('region', { name: 'Descrição do curso' });
    const rich = description.querySelector('.rich-text') as HTMLElement;
    expect(within(rich).getByRole('heading', { name: 'Sobre o curso' })).toBeInTheDocument();
    expect(within(rich).getByText('JavaScript').tagName).toBe('STRONG');
    // The opening paragraph is the summary under the title, said once.
    expect(rich).not.toHaveTextContent('Aprenda do zero.');
    expect(within(screen.getByRole('banner')).getByText('Aprenda do zero.')).toBeInTheDocument();
  });

  it('when the summary says the whole description, then there is no description section', async () => {
    serve({ data: { success: true, courseData: course } });
    renderPage();
    await screen.findByRole('heading', { level: 1, name: course.courseTitle }, LOADED);
    expect(screen.queryByRole('region', { name: 'Descrição do curso' })).not.toBeInTheDocument();
    expect(screen.getByText('Aprenda JavaScript do zero.')).toBeInTheDocument();
  });

  it('when loaded, then the price panel shows the banner, discounted and struck prices, N% off, facts and Acessar Curso', async () => {
    serve({ data: { success: true, courseData: course } });
    renderPage();
    await screen.findByRole('heading', { level: 1, name: course.courseTitle }, LOADED);
    const price = panel();
    expect(within(price).getByRole('img', { name: 'JavaScript do Zero' })).toBeInTheDocument();
    // The discount has no end date: no deadline is announced (issue 45; the spec's line was false).
    expect(within(price).queryByText(/a este preço!$/)).not.toBeInTheDocument();
    expect(within(price).getByText('Kz 16,99')).toBeInTheDocument();
    expect(within(price).getByText('Kz 19,99').closest('.line-through')).not.toBeNull();
    expect(within(price).getByText('15% off')).toBeInTheDocument();
    expect(within(price).getByText('3 aulas')).toBeInTheDocument();
    expect(within(price).getByText('1 hora, 45 minutos')).toBeInTheDocument();
    expect(within(price).getByText('Inclui: certificado de conclusão')).toBeInTheDocument();
    expect(within(price).getByRole('button', { name: 'Acessar Curso' })).toBeEnabled();
    expect(
      within(price).getByText('Garantia de 7 dias: peça o reembolso em Meus cursos'),
    ).toBeInTheDocument();
    // Prices in Kz: the EU waiver is not asked.
    expect(within(price).queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('when the educator dated the discount, then the panel counts the days really left, one day singular', async () => {
    const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
    serve({ data: { success: true, courseData: { ...course, discountEndsAt: inHours(60) } } });
    const { unmount } = renderPage();
    await screen.findByRole('heading', { level: 1, name: course.courseTitle }, LOADED);
    expect(within(panel()).getByText('Faltam 3 dias a este preço!')).toBeInTheDocument();
    unmount();
    serve({ data: { success: true, courseData: { ...course, discountEndsAt: inHours(5) } } });
    renderPage();
    await screen.findByRole('heading', { level: 1, name: course.courseTitle }, LOADED);
    expect(within(panel()).getByText('Falta 1 dia a este preço!')).toBeInTheDocument();
  });

  it('when chapters end in quizzes, then the panel counts them and the structure lists each, once prefixed', async () => {
    const quiz = (quizId: string, title: string, questionCount: number) => ({
      quizId,
      title,
      passPercent: 70,
      maxAttempts: null,
      required: true,
      questionCount,
    });
    const [first, second] = course.courseContent;
    const withQuizzes = {
      ...course,
      courseContent: [
        { ...first!, quiz: quiz('q1', 'Fundamentos', 1) },
        // Titled by an older editor, which wrote the word itself.
        { ...second!, quiz: quiz('q2', 'Questionário: Funções', 4) },
      ],
    };
    serve({ data: { success: true, courseData: withQuizzes } });
    renderPage();
    await screen.findByRole('heading', { level: 1, name: course.courseTitle }, LOADED);
    expect(
      within(panel()).getByText('Inclui: certificado de conclusão, 2 questionários'),
    ).toBeInTheDocument();
    const structure = screen.getByRole('region', { name: 'Estrutura do curso' });
    expect(within(structure).getByText('Questionário: Fundamentos')).toBeInTheDocument();
    expect(within(structure).getByText('1 pergunta')).toBeInTheDocument();
    expect(within(structure).getByText('Questionário: Funções')).toBeInTheDocument();
    expect(within(structure).getByText('4 perguntas')).toBeInTheDocument();
  });

  it('when the course is free, then the button reads Acessar Curso Gratis', async () => {
    serve({ data: { success: true, courseData: { ...course, coursePrice: 0, discount: 0 } } });
    renderPage();
    expect(
      await screen.findByRole('button', { name: 'Acessar Curso Gratis' }, LOADED),
    ).toBeInTheDocument();
  });

  it('when the user is enrolled, then Retomar Curso opens the player where they stopped', async () => {
    serve({ data: { success: true, courseData: { ...course, discountEndsAt: IN_THREE_DAYS } } });
    renderPage({
      auth: { user: testUser },
      app: { userData: userData({ enrolledCourses: [course._id] }) },
    });
    const resume = await screen.findByRole('link', { name: 'Retomar Curso' }, LOADED);
    expect(resume).toHaveAttribute('href', `/player/${course._id}`);
    expect(screen.queryByRole('button', { name: /Acessar Curso/ })).not.toBeInTheDocument();
    // The price deadline is for buyers: not beside Retomar Curso.
    expect(screen.queryByText('Faltam 3 dias a este preço!')).not.toBeInTheDocument();
  });

  it('when the address carries ?cupom=, then the panel shows the quoted price with its limits and the purchase sends the code', async () => {
    const { calls } = stubApi((request) => {
      if (request.url === `/api/course/${course._id}`)
        return { data: { success: true, courseData: course } };
      if (request.url === `/api/course/${course._id}/quote`)
        return {
          data: {
            success: true,
            price: 8.5,
            originalPrice: 16.99,
            coupon: { code: 'LANCAMENTO', endsAt: '2031-06-30T12:00:00.000Z', remaining: 4 },
          },
        };
      if (request.url === '/api/user/purchase')
        return { data: { success: true, session_url: '/checkout/abc' } };
      return { data: NO_REVIEWS };
    });
    const user = userEvent.setup();
    renderPage({ route: `${route}?cupom=lancamento`, auth: { user: testUser } });
    const price = await screen.findByRole('complementary', { name: 'Preço e inscrição' }, LOADED);
    expect(await within(price).findByText('Kz 8,50', {}, LOADED)).toBeInTheDocument();
    expect(within(price).getByText('Kz 16,99').closest('.line-through')).not.toBeNull();
    expect(
      within(price).getByText(
        'Cupom LANCAMENTO aplicado · válido até 30 de junho de 2031 · restam 4',
      ),
    ).toBeInTheDocument();
    const quote = calls.find((c) => c.url.endsWith('/quote'));
    expect(quote?.params).toEqual({ coupon: 'lancamento' });

    await user.click(within(price).getByRole('button', { name: 'Acessar Curso' }));
    const purchase = await vi.waitFor(() => {
      const found = calls.find((c) => c.url === '/api/user/purchase');
      if (!found) throw new Error('no purchase yet');
      return found;
    });
    expect(purchase.body).toEqual({ courseId: course._id, coupon: 'LANCAMENTO' });
  });

  it('when the address carries ?cupom=, then until its quote answers the panel says the coupon is being checked, shows no price and holds the button', async () => {
    let answer: (response: StubResponse) => void = () => {};
    stubApi((request) => {
      if (request.url === `/api/course/${course._id}`)
        return { data: { success: true, courseData: course } };
      if (request.url === `/api/course/${course._id}/quote`)
        return new Promise<StubResponse>((resolve) => {
          answer = resolve;
        });
      return { data: NO_REVIEWS };
    });
    renderPage({ route: `${route}?cupom=lancamento`, auth: { user: testUser } });
    const price = await screen.findByRole('complementary', { name: 'Preço e inscrição' }, LOADED);
    expect(within(price).getByRole('status')).toHaveTextContent('Verificando o cupom…');
    expect(within(price).queryByText(formatPrice(16.99, 'Kz'))).not.toBeInTheDocument();
    expect(within(price).getByRole('button', { name: 'Acessar Curso' })).toBeDisabled();

    answer({
      data: {
        success: true,
        price: 8.5,
        originalPrice: 16.99,
        coupon: { code: 'LANCAMENTO', endsAt: null, remaining: null },
      },
    });
    expect(await within(price).findByText(formatPrice(8.5, 'Kz'))).toBeInTheDocument();
    expect(within(price).queryByText('Verificando o cupom…')).not.toBeInTheDocument();
    expect(within(price).getByRole('button', { name: 'Acessar Curso' })).toBeEnabled();
  });

  it('when a coupon takes the whole price, then one Acessar Curso Gratis, no method to choose, no guarantee line, and the coupon can still be taken off', async () => {
    const { calls } = stubApi((request) => {
      if (request.url === `/api/course/${course._id}`)
        return { data: { success: true, courseData: course } };
      if (request.url === `/api/course/${course._id}/quote`)
        return {
          data: {
            success: true,
            price: 0,
            originalPrice: 16.99,
            coupon: { code: 'BOLSA', endsAt: null, remaining: null },
          },
        };
      if (request.url === '/api/user/purchase')
        return { data: { success: true, enrolled: true, message: 'Inscrição realizada' } };
      return { data: NO_REVIEWS };
    });
    const user = userEvent.setup();
    renderPage({
      route: `${route}?cupom=bolsa`,
      auth: { user: testUser },
      storefront: { currency: 'aoa', methods: ['card', 'multicaixa_express', 'reference'] },
    });
    const price = await screen.findByRole('complementary', { name: 'Preço e inscrição' }, LOADED);
    const free = await within(price).findByRole('button', { name: 'Acessar Curso Gratis' }, LOADED);
    expect(within(price).queryByRole('radio')).not.toBeInTheDocument();
    expect(within(price).queryByText(/Garantia de/)).not.toBeInTheDocument();
    expect(
      within(price).getByRole('button', { name: 'Remover o cupom BOLSA' }),
    ).toBeInTheDocument();

    await user.click(free);
    const purchase = await vi.waitFor(() => {
      const found = calls.find((c) => c.url === '/api/user/purchase');
      if (!found) throw new Error('no purchase yet');
      return found;
    });
    // The coupon goes with it, and no method: the server enrolls at once.
    expect(purchase.body).toEqual({ courseId: course._id, coupon: 'BOLSA' });
  });

  it('when a typed code is refused, then the server reason shows beside the field and the price stays', async () => {
    stubApi((request) => {
      if (request.url === `/api/course/${course._id}`)
        return { data: { success: true, courseData: course } };
      if (request.url === `/api/course/${course._id}/quote`)
        return { status: 400, data: { success: false, message: 'Este cupom expirou' } };
      return { data: NO_REVIEWS };
    });
    const user = userEvent.setup();
    renderPage();
    const price = await screen.findByRole('complementary', { name: 'Preço e inscrição' }, LOADED);
    await user.click(within(price).getByRole('button', { name: 'Tenho um cupom' }));
    await user.type(within(price).getByLabelText('Código do cupom'), 'VELHO');
    await user.click(within(price).getByRole('button', { name: 'Aplicar' }));
    expect(await within(price).findByText('Este cupom expirou')).toBeInTheDocument();
    expect(within(price).getByText('Kz 16,99')).toBeInTheDocument();
  });

  it("when the course is the signed-in educator's own, then the panel links to their courses instead of selling it", async () => {
    serve({ data: { success: true, courseData: { ...course, discountEndsAt: IN_THREE_DAYS } } });
    renderPage({ auth: { user: { ...testUser, id: course.educator._id } } });
    const own = await screen.findByRole('link', { name: 'Ver nos meus cursos' }, LOADED);
    expect(own).toHaveAttribute('href', '/educator/my-courses');
    expect(screen.queryByText('Faltam 3 dias a este preço!')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Acessar Curso/ })).not.toBeInTheDocument();
  });

  it('when a visitor presses Acessar Curso, then they are asked to sign in', async () => {
    serve({ data: { success: true, courseData: course } });
    const user = userEvent.setup();
    const { auth } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Acessar Curso' }, LOADED));
    expect(
      await screen.findByText('Faça login para se inscrever!', {}, LOADED),
    ).toBeInTheDocument();
    expect(auth.openSignIn).toHaveBeenCalledTimes(1);
  });

  it('when a free preview is chosen, then the thumbnail gives way to that lecture, autoplaying', async () => {
    serve({ data: { success: true, courseData: course } });
    const user = userEvent.setup();
    renderPage();
    await user.click(
      await screen.findByRole('button', { name: 'Pré-visualizar: Boas-vindas' }, LOADED),
    );
    const player = await within(panel()).findByTitle('Boas-vindas', {}, LOADED);
    expect(player).toHaveAttribute('data-video-id', 'dQw4w9WgXcQ');
    expect(player).toHaveAttribute('data-autoplay', '1');
    expect(
      within(panel()).queryByRole('img', { name: 'JavaScript do Zero' }),
    ).not.toBeInTheDocument();
  });

  it('when the course does not exist, then Curso não encontrado shows with a link back to the list', async () => {
    serve({ status: 404, data: { success: false, message: 'Curso não encontrado' } });
    renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Curso não encontrado' }, LOADED),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver todos os cursos' })).toHaveAttribute(
      'href',
      '/course-list',
    );
  });

  it('when the server fails, then its message is toasted and shown, and Tentar novamente asks again', async () => {
    let attempts = 0;
    const { calls } = serve(() => {
      attempts += 1;
      return attempts === 1
        ? { status: 503, data: { success: false, message: 'Banco de dados indisponível' } }
        : { data: { success: true, courseData: course } };
    });
    const user = userEvent.setup();
    renderPage();
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Não foi possível carregar o curso' },
        LOADED,
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText('Banco de dados indisponível')).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'JavaScript do Zero' }, LOADED),
    ).toBeInTheDocument();
    expect(calls).toHaveLength(2);
  });

  it('when signed in, then the course is asked for with the bearer token', async () => {
    const { calls } = serve({ data: { success: true, courseData: course } });
    renderPage({ auth: { user: testUser }, app: { userData: userData() } });
    await screen.findByRole('heading', { level: 1, name: 'JavaScript do Zero' }, LOADED);
    expect(calls[0]!.headers.get('Authorization')).toBe('Bearer test-token');
  });

  it('when the description opens with a heading, then the summary starts with its paragraph, not the heading', async () => {
    serve({ data: { success: true, courseData: course } });
    renderPage();
    await screen.findByRole('heading', { level: 1, name: course.courseTitle }, LOADED);
    const header = screen.getByRole('banner');
    expect(within(header).getByText('Aprenda JavaScript do zero.')).toBeInTheDocument();
    expect(header).not.toHaveTextContent('Sobre o curso');
  });

  it('when loaded, then the rating count and the educator’s name are plain text, not made to look like links', async () => {
    serve({ data: { success: true, courseData: course } });
    renderPage();
    await screen.findByRole('heading', { level: 1, name: course.courseTitle }, LOADED);
    const header = screen.getByRole('banner');
    for (const text of ['(7 avaliações)', 'Carla Nunes']) {
      const element = within(header).getByText(text);
      expect(element.closest('a')).toBeNull();
      expect(element.className).not.toMatch(/text-blue/);
    }
  });

  describe('the sticky buy bar (phones)', () => {
    type Entry = { target: Element; isIntersecting: boolean; top: number; bottom: number };
    let report: (entries: Entry[]) => void = () => {};
    let observed: Element[] = [];

    beforeEach(() => {
      observed = [];
      vi.stubGlobal(
        'IntersectionObserver',
        class {
          constructor(callback: (entries: unknown[]) => void) {
            report = (entries) =>
              act(() =>
                callback(
                  entries.map(({ target, isIntersecting, top, bottom }) => ({
                    target,
                    isIntersecting,
                    boundingClientRect: { top, bottom },
                    rootBounds: { top: 0, bottom: 844 },
                  })),
                ),
              );
          }
          observe(target: Element) {
            observed.push(target);
          }
          disconnect() {}
        },
      );
    });
    afterEach(() => vi.unstubAllGlobals());

    function bar() {
      return screen.queryByTestId('sticky-buy-bar');
    }

    /** The page observes the panel and the content's end from an effect, after its first paint. */
    async function renderObservedPage() {
      const rendered = renderPage();
      await screen.findByRole('heading', { level: 1, name: course.courseTitle }, LOADED);
      await waitFor(() => expect(observed).toHaveLength(2));
      return rendered;
    }

    it('when the price panel scrolls up out of view, then a bar shows its price and button, which act like the panel’s', async () => {
      serve({ data: { success: true, courseData: course } });
      const user = userEvent.setup();
      const { auth } = await renderObservedPage();
      const [panelElement] = observed;
      expect(panelElement).toBe(panel());
      expect(bar()).toBeNull();

      report([{ target: panelElement, isIntersecting: true, top: 500, bottom: 1100 }]);
      expect(bar()).toBeNull();
      report([{ target: panelElement, isIntersecting: false, top: -700, bottom: -20 }]);
      const shown = bar();
      if (!shown) throw new Error('the bar shows once the panel is above the viewport');
      expect(within(shown).getByText('Kz 16,99')).toBeInTheDocument();
      expect(within(shown).getByText('Kz 19,99').closest('.line-through')).not.toBeNull();
      await user.click(within(shown).getByRole('button', { name: 'Acessar Curso' }));
      expect(
        await screen.findByText('Faça login para se inscrever!', {}, LOADED),
      ).toBeInTheDocument();
      expect(auth.openSignIn).toHaveBeenCalledTimes(1);
    });

    it('when the end of the course content comes into view, then the bar leaves the footer uncovered', async () => {
      serve({ data: { success: true, courseData: course } });
      await renderObservedPage();
      const [panelElement, contentEnd] = observed;
      report([{ target: panelElement, isIntersecting: false, top: -700, bottom: -20 }]);
      expect(bar()).not.toBeNull();
      report([{ target: contentEnd, isIntersecting: true, top: 800, bottom: 800 }]);
      expect(bar()).toBeNull();
      report([{ target: contentEnd, isIntersecting: false, top: 1200, bottom: 1200 }]);
      expect(bar()).not.toBeNull();
    });
  });

  describe('choosing how to pay', () => {
    const kwanzas = {
      currency: 'aoa',
      methods: ['card', 'multicaixa_express', 'reference'],
    } as const;

    /** The course, and purchases answered with the payment page; `purchases` are their bodies. */
    function serveBuying() {
      const purchases: unknown[] = [];
      stubApi((request) => {
        if (request.method === 'GET' && request.url === `/api/course/${course._id}`)
          return { data: { success: true, courseData: course } };
        if (request.method === 'POST' && request.url === '/api/user/purchase') {
          purchases.push(request.body);
          return { data: { success: true, session_url: '/payment/compra-1' } };
        }
        return { status: 404, data: { success: false, message: 'Rota desconhecida' } };
      });
      return { purchases };
    }

    it('when the deployment takes several methods, then the panel offers them, the first chosen, and buying sends the one picked', async () => {
      const { purchases } = serveBuying();
      const user = userEvent.setup();
      const { location } = renderPage({
        auth: { user: testUser },
        app: { userData: userData() },
        storefront: { ...kwanzas, methods: [...kwanzas.methods] },
      });
      const methods = await within(
        await screen.findByRole('complementary', { name: 'Preço e inscrição' }, LOADED),
      ).findByRole('group', { name: 'Como quer pagar?' });
      expect(
        within(methods)
          .getAllByRole('radio')
          .map((radio) => radio.getAttribute('value')),
      ).toEqual(['card', 'multicaixa_express', 'reference']);
      expect(within(methods).getByRole('radio', { name: 'Cartão' })).toBeChecked();

      // A number typed for a push, then another method: the number is not sent.
      await user.click(within(methods).getByRole('radio', { name: 'Multicaixa Express' }));
      await user.type(within(methods).getByRole('textbox', { name: 'Número de celular' }), '923');
      await user.click(within(methods).getByRole('radio', { name: 'Pagamento por referência' }));
      await user.click(within(panel()).getByRole('button', { name: 'Acessar Curso' }));

      await waitFor(() => expect(location()).toBe('/payment/compra-1'));
      expect(JSON.parse(JSON.stringify(purchases))).toEqual([
        { courseId: course._id, method: 'reference' },
      ]);
    });

    it('when a push is chosen without a phone number, then nothing is bought and the field says so; with one, the push goes to it', async () => {
      const { purchases } = serveBuying();
      const user = userEvent.setup();
      const { location } = renderPage({
        auth: { user: testUser },
        app: { userData: userData() },
        storefront: { ...kwanzas, methods: [...kwanzas.methods] },
      });
      await user.click(await screen.findByRole('radio', { name: 'Multicaixa Express' }, LOADED));
      await user.click(within(panel()).getByRole('button', { name: 'Acessar Curso' }));

      const phone = screen.getByRole('textbox', { name: 'Número de celular' });
      expect(phone).toHaveFocus();
      expect(phone).toHaveAccessibleDescription(/Informe o número de celular/);
      expect(purchases).toEqual([]);

      await user.type(phone, ' 923 456 789 ');
      await user.click(within(panel()).getByRole('button', { name: 'Acessar Curso' }));
      await waitFor(() => expect(location()).toBe('/payment/compra-1'));
      expect(purchases).toEqual([
        { courseId: course._id, method: 'multicaixa_express', phone: '923 456 789' },
      ]);
    });

    it('when the deployment takes only a card, then no choice is shown and the purchase names no method', async () => {
      const { purchases } = serveBuying();
      const user = userEvent.setup();
      renderPage({ auth: { user: testUser }, app: { userData: userData() } });
      await user.click(await screen.findByRole('button', { name: 'Acessar Curso' }, LOADED));
      await waitFor(() => expect(purchases).toEqual([{ courseId: course._id }]));
      expect(screen.queryByRole('group', { name: 'Como quer pagar?' })).not.toBeInTheDocument();
    });

    it('when the server charges in reais, then the panel labels prices R$ and offers Pix', async () => {
      serveBuying();
      renderPage({ storefront: { currency: 'brl', methods: ['card', 'pix', 'boleto'] } });
      const price = await screen.findByRole('complementary', { name: 'Preço e inscrição' }, LOADED);
      expect(within(price).getByText('R$ 16,99')).toBeInTheDocument();
      expect(within(price).getByRole('radio', { name: 'Pix' })).toBeInTheDocument();
    });

    it('when the course is free, or already the learner’s, then there is no method to choose', async () => {
      stubApi((request) =>
        request.url === `/api/course/${course._id}`
          ? { data: { success: true, courseData: { ...course, coursePrice: 0, discount: 0 } } }
          : { status: 404, data: { success: false, message: 'Rota desconhecida' } },
      );
      renderPage({ storefront: { ...kwanzas, methods: [...kwanzas.methods] } });
      await screen.findByRole('button', { name: 'Acessar Curso Gratis' }, LOADED);
      expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    });
  });
});
