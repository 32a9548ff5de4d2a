import type { CourseSummary } from '@aprendiz/contract/courses';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { courseListPolicy } from '../../data/revalidation';
import { stubApi, type StubRequest, type StubResponse } from '../../test/api-stub';
import { BackButton } from '../../test/back-button';
import { courseSummary } from '../../test/course-fixtures';
import { LOADED, renderWithProviders, TEST_STOREFRONT } from '../../test/render';
import CourseListPage, { handle, loader } from './course-list';

function courses(count: number, from = 1): CourseSummary[] {
  return Array.from({ length: count }, (_, index) =>
    courseSummary({ _id: `c${from + index}`, courseTitle: `Curso ${from + index}` }),
  );
}

const titled = (...titles: string[]) =>
  titles.map((courseTitle, index) => courseSummary({ _id: `t${index}`, courseTitle }));

/** Answers every search with `found` cut into pages, as the server would, and records the queries. */
function stubSearch(found: CourseSummary[]) {
  return stubApi((request: StubRequest): StubResponse => {
    const params = searchParams(request);
    const page = Number(params.get('page'));
    const pageSize = Number(params.get('pageSize'));
    return {
      data: {
        success: true,
        courses: found.slice((page - 1) * pageSize, page * pageSize),
        total: found.length,
        page,
        pageSize,
      },
    };
  });
}

function searchParams(request: StubRequest): URLSearchParams {
  const url = new URL(request.url, 'http://localhost');
  expect(url.pathname).toBe('/api/course/search');
  return url.searchParams;
}

/** The list as the app routes it (its loader and revalidation policy), after the home page. */
function renderList(route: string) {
  return renderWithProviders(
    <>
      <Outlet />
      <BackButton />
    </>,
    {
      route,
      visited: ['/'],
      routes: [
        { path: '/', element: <h1>Início</h1> },
        {
          path: '/course-list/:input?',
          element: <CourseListPage />,
          loader,
          shouldRevalidate: courseListPolicy,
        },
      ],
    },
  );
}

function cardTitles(): string[] {
  return screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent ?? '');
}

const countLine = () => screen.getByRole('status');

const results = () => within(screen.getByRole('region', { name: 'Cursos' })).getByRole('list');

describe('CourseListPage', { timeout: 20_000 }, () => {
  it('when opened without a term, then the title, the breadcrumb home and every course in a 3-column grid show, with a count', async () => {
    const { calls } = stubSearch(titled('JavaScript do Zero', 'React Avançado'));
    renderList('/course-list');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Lista de Cursos' }, LOADED),
    ).toBeInTheDocument();
    const breadcrumb = screen.getByRole('navigation', { name: 'Trilha de navegação' });
    expect(within(breadcrumb).getByRole('link', { name: 'Início' })).toHaveAttribute('href', '/');
    expect(breadcrumb).toHaveTextContent('Início/Lista de Cursos');

    expect(await screen.findByText('2 cursos encontrados', {}, LOADED)).toHaveAttribute(
      'aria-live',
      'polite',
    );
    expect(cardTitles()).toEqual(['JavaScript do Zero', 'React Avançado']);
    const grid = screen.getAllByRole('link', { name: /do Zero/ })[0].closest('ul');
    expect(grid).toHaveClass('sm:grid-cols-2', 'lg:grid-cols-3');
    expect(screen.queryByRole('button', { name: 'Limpar pesquisa' })).not.toBeInTheDocument();
    expect(Object.fromEntries(searchParams(calls[0]))).toEqual({
      q: '',
      sort: 'relevance',
      page: '1',
      pageSize: '24',
    });
  });

  it('when opened with a term, then the server’s results show in its order, the box is pre-filled and a chip shows the term', async () => {
    const { calls } = stubSearch(titled('Programação em C', 'Lógica de Programação'));
    renderList('/course-list/programacao');
    expect(await screen.findByText('2 cursos encontrados', {}, LOADED)).toBeInTheDocument();
    expect(cardTitles()).toEqual(['Programação em C', 'Lógica de Programação']);
    expect(searchParams(calls[0]).get('q')).toBe('programacao');
    expect(screen.getByRole('combobox', { name: 'Pesquisar cursos' })).toHaveValue('programacao');
    expect(screen.getByRole('button', { name: 'Limpar pesquisa' }).parentElement).toHaveTextContent(
      'programacao',
    );
  });

  it('when the chip’s cross is pressed, then the term is cleared, the filters stay and everything is asked for', async () => {
    const { calls } = stubSearch(courses(3));
    const user = userEvent.setup();
    const { location } = renderList('/course-list/python?level=iniciante');
    await screen.findByText('3 cursos encontrados', {}, LOADED);
    await user.click(screen.getByRole('button', { name: 'Limpar pesquisa' }));
    await waitFor(() => expect(location()).toBe('/course-list?level=iniciante'));
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Pesquisar cursos' })).toHaveValue(''),
    );
    await waitFor(() => expect(searchParams(calls.at(-1)!).get('q')).toBe(''));
    expect(searchParams(calls.at(-1)!).get('level')).toBe('iniciante');
  });

  it('when a new search is submitted, then the address and the request follow it, keeping the sort', async () => {
    const { calls } = stubSearch(courses(1));
    const user = userEvent.setup();
    const { location } = renderList('/course-list?sort=price');
    await screen.findByText('1 curso encontrado', {}, LOADED);
    await user.type(screen.getByRole('combobox', { name: 'Pesquisar cursos' }), 'dados{Enter}');
    await waitFor(() => expect(location()).toBe('/course-list/dados?sort=price'));
    await waitFor(() => expect(searchParams(calls.at(-1)!).get('q')).toBe('dados'));
    expect(searchParams(calls.at(-1)!).get('sort')).toBe('price');
  });

  it('when a level chip is pressed, then it is pressed, the address carries it and the results are asked for again', async () => {
    const { calls } = stubSearch(courses(2));
    const user = userEvent.setup();
    const { location } = renderList('/course-list');
    await screen.findByText('2 cursos encontrados', {}, LOADED);
    const levels = screen.getByRole('group', { name: 'Nível' });
    expect(within(levels).getByRole('button', { name: 'Todos' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(within(levels).getByRole('button', { name: 'Avançado' }));
    await waitFor(() => expect(location()).toBe('/course-list?level=avancado'));
    await waitFor(() =>
      expect(within(levels).getByRole('button', { name: 'Avançado' })).toHaveAttribute(
        'aria-pressed',
        'true',
      ),
    );
    await waitFor(() => expect(searchParams(calls.at(-1)!).get('level')).toBe('avancado'));
  });

  it('when a category is in the address, then its chip is pressed and Todas clears it', async () => {
    const { calls } = stubSearch(courses(2));
    const user = userEvent.setup();
    const { location } = renderList('/course-list?category=dados-ia');
    await screen.findByText('2 cursos encontrados', {}, LOADED);
    expect(searchParams(calls[0]).get('category')).toBe('dados-ia');
    const categories = screen.getByRole('group', { name: 'Categoria' });
    expect(within(categories).getByRole('button', { name: 'Dados e IA' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(within(categories).getByRole('button', { name: 'Todas' }));
    await waitFor(() => expect(location()).toBe('/course-list'));
  });

  it('when Menor preço is chosen, then the address and the request sort by price', async () => {
    const { calls } = stubSearch(courses(2));
    const user = userEvent.setup();
    const { location } = renderList('/course-list');
    await screen.findByText('2 cursos encontrados', {}, LOADED);
    const sort = screen.getByRole('combobox', { name: 'Ordenar por' });
    expect(
      within(sort)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Relevância', 'Mais bem avaliados', 'Mais alunos', 'Mais recentes', 'Menor preço']);
    await user.selectOptions(sort, 'Menor preço');
    await waitFor(() => expect(location()).toBe('/course-list?sort=price'));
    await waitFor(() => expect(searchParams(calls.at(-1)!).get('sort')).toBe('price'));
  });

  it('when the address holds values it does not know, then they are ignored', async () => {
    const { calls } = stubSearch(courses(1));
    renderList('/course-list?category=culinaria&sort=barato');
    await screen.findByText('1 curso encontrado', {}, LOADED);
    expect(searchParams(calls[0]).get('category')).toBeNull();
    expect(searchParams(calls[0]).get('sort')).toBe('relevance');
  });

  it('when more courses match than a page holds, then 24 show and Ver mais adds the next page', async () => {
    const { calls } = stubSearch(courses(30));
    const user = userEvent.setup();
    const { location } = renderList('/course-list?sort=rating');
    expect(await screen.findByText('30 cursos encontrados', {}, LOADED)).toBeInTheDocument();
    expect(cardTitles()).toHaveLength(24);
    expect(screen.getByText('Mostrando 24 de 30')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ver mais' }));
    await waitFor(() => expect(cardTitles()).toHaveLength(30), LOADED);
    expect(cardTitles().slice(23, 25)).toEqual(['Curso 24', 'Curso 25']);
    // The next page comes through the route's loader, with the same search; the address then says
    // how many show, and the pages already shown are not read again for it.
    expect(searchParams(calls[1]!).get('page')).toBe('2');
    expect(searchParams(calls[1]!).get('sort')).toBe('rating');
    await waitFor(() => expect(location()).toBe('/course-list?sort=rating&mostrar=48'));
    expect(calls).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Ver mais' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /Curso 25/ })[0]).toHaveFocus();
  });

  it('when the address says mostrar=48 (Back to a list grown by Ver mais), then its first two pages are read side by side and 48 show', async () => {
    const { calls } = stubSearch(courses(60));
    const user = userEvent.setup();
    const { location } = renderList('/course-list?mostrar=48&level=iniciante');
    expect(await screen.findByText('Mostrando 48 de 60', {}, LOADED)).toBeInTheDocument();
    expect(cardTitles()).toHaveLength(48);
    expect(cardTitles().slice(23, 25)).toEqual(['Curso 24', 'Curso 25']);
    expect(calls.map((call) => searchParams(call).get('page'))).toEqual(['1', '2']);
    expect(calls.every((call) => searchParams(call).get('level') === 'iniciante')).toBe(true);

    // Ver mais goes on from the third page.
    await user.click(screen.getByRole('button', { name: 'Ver mais' }));
    await waitFor(() => expect(cardTitles()).toHaveLength(60), LOADED);
    expect(searchParams(calls[2]!).get('page')).toBe('3');
    await waitFor(() => expect(location()).toBe('/course-list?mostrar=72&level=iniciante'));
    expect(calls).toHaveLength(3);
  });

  it('when the sort changes after Ver mais, then the list starts again from its first page, and Back leaves the list instead of undoing the sort', async () => {
    const { calls } = stubSearch(courses(30));
    const user = userEvent.setup();
    const { location } = renderList('/course-list');
    await screen.findByText('Mostrando 24 de 30', {}, LOADED);
    await user.click(screen.getByRole('button', { name: 'Ver mais' }));
    await waitFor(() => expect(location()).toBe('/course-list?mostrar=48'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Ordenar por' }), 'Menor preço');
    await waitFor(() => expect(location()).toBe('/course-list?sort=price'));
    await waitFor(() => expect(cardTitles()).toHaveLength(24));
    expect(searchParams(calls.at(-1)!).get('page')).toBe('1');

    await user.click(screen.getByRole('button', { name: 'Voltar' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Início' })).toBeInTheDocument();
    expect(location()).toBe('/');
  });

  it('when nothing matches, then the count line names the term and veja todos os cursos is a link to the whole catalogue', async () => {
    stubSearch([]);
    renderList('/course-list/cobol');
    await waitFor(
      () => expect(countLine()).toHaveTextContent(/Nenhum curso encontrado para “cobol”/),
      LOADED,
    );
    expect(screen.queryAllByRole('heading', { level: 3 })).toHaveLength(0);
    expect(within(countLine()).getByRole('link', { name: 'veja todos os cursos' })).toHaveAttribute(
      'href',
      '/course-list',
    );
  });

  it('when another search is loading, then the current results stay, marked busy, until it answers', async () => {
    let answer: (response: StubResponse) => void = () => {};
    const first = {
      success: true,
      courses: titled('Curso antigo'),
      total: 1,
      page: 1,
      pageSize: 24,
    };
    // The request is recorded before it is answered: the first is the page's, the second the level's.
    const { calls } = stubApi(() =>
      calls.length === 1
        ? { data: first }
        : new Promise<StubResponse>((resolve) => (answer = resolve)),
    );
    const user = userEvent.setup();
    renderList('/course-list');
    await screen.findByText('1 curso encontrado', {}, LOADED);
    const levels = screen.getByRole('group', { name: 'Nível' });
    await user.click(within(levels).getByRole('button', { name: 'Avançado' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(cardTitles()).toEqual(['Curso antigo']);
    expect(results()).toHaveAttribute('aria-busy', 'true');

    answer({
      data: { success: true, courses: titled('Curso novo'), total: 1, page: 1, pageSize: 24 },
    });
    await waitFor(() => expect(cardTitles()).toEqual(['Curso novo']));
    expect(results()).toHaveAttribute('aria-busy', 'false');
  });

  it('when the search fails, then the server’s message is toasted and Tentar novamente asks again', async () => {
    let fail = true;
    const { calls } = stubApi(() =>
      fail
        ? { status: 400, data: { success: false, message: 'Pesquisa inválida' } }
        : { data: { success: true, courses: courses(1), total: 1, page: 1, pageSize: 24 } },
    );
    const user = userEvent.setup();
    renderList('/course-list');
    // The toast and the list's error state are two renders; either may come first.
    expect(await screen.findByText('Pesquisa inválida', {}, LOADED)).toBeInTheDocument();
    expect(
      await screen.findByText('Não foi possível carregar os cursos agora.', {}, LOADED),
    ).toBeInTheDocument();
    expect(screen.queryAllByRole('heading', { level: 3 })).toHaveLength(0);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('1 curso encontrado', {}, LOADED)).toBeInTheDocument();
    expect(calls).toHaveLength(2);
  });

  it('when its route is matched, then the head names the list, or the term searched', () => {
    const meta = (input?: string) =>
      handle.meta?.({
        data: undefined,
        params: { input },
        pathname: '/course-list',
        storefront: TEST_STOREFRONT,
      });
    expect(meta()?.title).toBe('Lista de Cursos');
    expect(meta(' python ')?.title).toBe('Cursos: python');
    expect(meta()?.description).toMatch(/cursos online de tecnologia/);
  });
});
