import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { networkError, stubApi, type StubHandler } from '../../test/api-stub';
import { courseSummary } from '../../test/course-fixtures';
import { LOADED, renderWithProviders, TEST_STOREFRONT, testUser } from '../../test/render';
import HomePage, { handle, loader } from './home';
import { NETWORK_ERROR_MESSAGE } from '../../lib/api-error';

vi.mock('react-calendly', () => ({
  PopupModal: (props: { open: boolean }) =>
    props.open ? <div role="dialog" aria-label="Agenda" /> : null,
}));

// What GET /api/course/teaser answers: the home page's 24, already in the server's order.
const courses = Array.from({ length: 24 }, (_, index) =>
  courseSummary({
    _id: `course-${index + 1}`,
    courseTitle: `Curso número ${index + 1}`,
  }),
);

const catalogue =
  (list = courses): StubHandler =>
  ({ url }) =>
    url === '/api/course/teaser'
      ? { data: { success: true, courses: list } }
      : { status: 404, data: { success: false, message: `unexpected request: ${url}` } };

type Options = Parameters<typeof renderWithProviders>[1];

/** The home page under its route loader, the catalogue answered by `handler`. */
function renderHome(handler: StubHandler = catalogue(), options: Options = {}) {
  const { calls } = stubApi(handler);
  return { calls, ...renderWithProviders(<HomePage />, { ...options, loader }) };
}

function findTeaser() {
  return screen.findByRole('region', { name: 'Aprenda com os melhores' }, LOADED);
}

const catalogueCalls = (calls: { url: string }[]) =>
  calls.filter((call) => call.url === '/api/course/teaser');

describe('HomePage', { timeout: 30_000 }, () => {
  it('when opened, then the hero has the one h1, both subtitles for their screen sizes, the sketch only from md and the search box', async () => {
    renderHome();
    expect(await screen.findAllByRole('heading', { level: 1 }, LOADED)).toHaveLength(1);
    const long = screen.getByText(/cursos práticos, mentorias/);
    const short = screen.getByText(
      'Aprenda as habilidades mais procuradas e junte-se à maior comunidade de tecnologia do país.',
    );
    expect(long).toHaveClass('hidden', 'md:block');
    expect(short).toHaveClass('md:hidden');
    expect(long).toHaveTextContent('maior comunidade de tecnologia do país');
    const sketch = document.querySelector('img[src="/images/hero-sketch.svg"]');
    expect(sketch).toHaveClass('hidden', 'md:block');
    expect(screen.getByRole('combobox', { name: 'Pesquisar cursos' })).toHaveAttribute(
      'placeholder',
      'Vamos aprender ...',
    );
  });

  it('when its route is matched, then the head names the page Cursos online de tecnologia with a description', () => {
    const meta = handle.meta?.({
      data: undefined,
      params: {},
      pathname: '/',
      storefront: TEST_STOREFRONT,
    });
    expect(meta?.title).toBe('Cursos online de tecnologia');
    expect(meta?.description).toMatch(/cursos online em português/);
    expect(meta?.noindex).toBeUndefined();
  });

  it('when courses are loaded, then the teaser shows the 24 the server picked, in its order, without downloading the catalogue', async () => {
    const { calls } = renderHome();
    const teaser = await findTeaser();
    const cards = await within(teaser).findAllByRole('link', { name: /Curso número/ }, LOADED);
    expect(cards).toHaveLength(24);
    expect(cards[0]).toHaveAttribute('href', '/course/course-1');
    expect(cards[23]).toHaveAttribute('href', '/course/course-24');
    expect(calls.map((call) => call.url)).not.toContain('/api/course/all');
    expect(within(teaser).getByRole('link', { name: 'Ver mais cursos' })).toHaveAttribute(
      'href',
      '/course-list',
    );
    expect(catalogueCalls(calls)).toHaveLength(1);
  });

  it('when the catalogue cannot be reached, then the error is toasted and Tentar novamente loads it again', async () => {
    const user = userEvent.setup();
    let fail = true;
    const { calls } = renderHome((request) => {
      if (fail) throw networkError();
      return catalogue()(request);
    });
    const teaser = await findTeaser();
    expect(
      await within(teaser).findByText('Não foi possível carregar os cursos agora.', {}, LOADED),
    ).toBeInTheDocument();
    expect(await screen.findByText(NETWORK_ERROR_MESSAGE, {}, LOADED)).toBeInTheDocument();
    expect(within(teaser).queryByRole('link', { name: /Curso número/ })).not.toBeInTheDocument();

    fail = false;
    await user.click(within(teaser).getByRole('button', { name: 'Tentar novamente' }));
    expect(
      await within(teaser).findAllByRole('link', { name: /Curso número/ }, LOADED),
    ).toHaveLength(24);
    expect(
      within(teaser).queryByText('Não foi possível carregar os cursos agora.'),
    ).not.toBeInTheDocument();
    expect(catalogueCalls(calls)).toHaveLength(2);
  });

  it('when the server answers the catalogue with success false, then the teaser offers to try again without a toast', async () => {
    renderHome(() => ({ data: { success: false, message: 'Catálogo indisponível' } }));
    const teaser = await findTeaser();
    expect(
      await within(teaser).findByRole('button', { name: 'Tentar novamente' }, LOADED),
    ).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Catálogo indisponível')).not.toBeInTheDocument();
  });

  it('when the catalogue is empty, then it says so instead of an empty grid', async () => {
    renderHome(catalogue([]));
    const teaser = await findTeaser();
    expect(
      await within(teaser).findByText(/Ainda não há cursos publicados/, {}, LOADED),
    ).toBeInTheDocument();
    expect(within(teaser).queryByRole('list')).not.toBeInTheDocument();
  });

  it('when shown, then the mentor section lists the four mentors at 10 USD per hour', async () => {
    renderHome();
    const section = await screen.findByRole('region', { name: 'Mentorias individuais' }, LOADED);
    expect(within(section).getAllByRole('article')).toHaveLength(4);
    expect(within(section).getAllByText('Kz 10.000/hora')).toHaveLength(4);
  });

  it('when a visitor presses a mock-interview button, then sign-in opens', async () => {
    const user = userEvent.setup();
    const { auth } = renderHome();
    const section = await screen.findByRole('region', { name: 'Entrevistas simuladas' }, LOADED);
    await user.click(within(section).getAllByRole('button')[0]!);
    expect(auth.openSignIn).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog', { name: 'Em desenvolvimento' })).not.toBeInTheDocument();
  });

  it('when a signed-in user presses a mock-interview button, then the Em desenvolvimento dialog opens and Fechar closes it', async () => {
    const user = userEvent.setup();
    const { auth } = renderHome(catalogue(), { auth: { user: testUser } });
    const section = await screen.findByRole('region', { name: 'Entrevistas simuladas' }, LOADED);
    expect(within(section).getByText('Mariana Costa')).toBeInTheDocument();
    await user.click(within(section).getAllByRole('button')[1]!);
    expect(screen.getByRole('dialog', { name: 'Em desenvolvimento' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Fechar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(auth.openSignIn).not.toHaveBeenCalled();
  });

  it('when a visitor reaches the call to action, then Começar opens sign-in and Saiba mais links to the privacy policy', async () => {
    const user = userEvent.setup();
    const { auth } = renderHome();
    const cta = await screen.findByRole('region', { name: /Aprenda o que quiser/ }, LOADED);
    await user.click(within(cta).getByRole('button', { name: 'Começar' }));
    expect(auth.openSignIn).toHaveBeenCalledTimes(1);
    expect(within(cta).getByRole('link', { name: 'Saiba mais' })).toHaveAttribute(
      'href',
      '/privacy-policy',
    );
  });

  it('when signed in, then the call to action offers the courses instead of sign-in', async () => {
    renderHome(catalogue(), { auth: { user: testUser } });
    const cta = await screen.findByRole('region', { name: /Aprenda o que quiser/ }, LOADED);
    expect(within(cta).queryByRole('button', { name: 'Começar' })).not.toBeInTheDocument();
    expect(within(cta).getByRole('link', { name: 'Explorar cursos' })).toHaveAttribute(
      'href',
      '/course-list',
    );
  });
});
