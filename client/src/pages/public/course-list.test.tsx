import type { CourseSummary } from '@aprendiz/contract/courses';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi, type StubRequest, type StubResponse } from '../../test/api-stub';
import { courseSummary } from '../../test/course-fixtures';
import { renderWithProviders } from '../../test/render';
import CourseListPage from './course-list';

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

function renderList(route: string) {
  return renderWithProviders(<CourseListPage />, { route, path: '/course-list/:input?' });
}

function cardTitles(): string[] {
  return screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent ?? '');
}

const countLine = () => screen.getByRole('status');

describe('CourseListPage', () => {
  it('when opened without a term, then the title, the breadcrumb home and every course in a 3-column grid show, with a count', async () => {
    const { calls } = stubSearch(titled('JavaScript do Zero', 'React Avançado'));
    renderList('/course-list');
    expect(screen.getByRole('heading', { level: 1, name: 'Lista de Cursos' })).toBeInTheDocument();
    const breadcrumb = screen.getByRole('navigation', { name: 'Trilha de navegação' });
    expect(within(breadcrumb).getByRole('link', { name: 'Início' })).toHaveAttribute('href', '/');
    expect(breadcrumb).toHaveTextContent('Início/Lista de Cursos');

    expect(await screen.findByText('2 cursos encontrados')).toHaveAttribute('aria-live', 'polite');
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
    expect(await screen.findByText('2 cursos encontrados')).toBeInTheDocument();
    expect(cardTitles()).toEqual(['Programação em C', 'Lógica de Programação']);
    expect(searchParams(calls[0]).get('q')).toBe('programacao');
    expect(screen.getByRole('searchbox')).toHaveValue('programacao');
    expect(screen.getByRole('button', { name: 'Limpar pesquisa' }).parentElement).toHaveTextContent(
      'programacao',
    );
  });

  it('when the chip’s cross is pressed, then the term is cleared, the filters stay and everything is asked for', async () => {
    const { calls } = stubSearch(courses(3));
    const user = userEvent.setup();
    const { location } = renderList('/course-list/python?level=iniciante');
    await screen.findByText('3 cursos encontrados');
    await user.click(screen.getByRole('button', { name: 'Limpar pesquisa' }));
    expect(location()).toBe('/course-list?level=iniciante');
    expect(screen.getByRole('searchbox')).toHaveValue('');
    await waitFor(() => expect(searchParams(calls.at(-1)!).get('q')).toBe(''));
    expect(searchParams(calls.at(-1)!).get('level')).toBe('iniciante');
  });

  it('when a new search is submitted, then the address and the request follow it, keeping the sort', async () => {
    const { calls } = stubSearch(courses(1));
    const user = userEvent.setup();
    const { location } = renderList('/course-list?sort=price');
    await screen.findByText('1 curso encontrado');
    await user.type(screen.getByRole('searchbox'), 'dados{Enter}');
    expect(location()).toBe('/course-list/dados?sort=price');
    await waitFor(() => expect(searchParams(calls.at(-1)!).get('q')).toBe('dados'));
    expect(searchParams(calls.at(-1)!).get('sort')).toBe('price');
  });

  it('when a level chip is pressed, then it is pressed, the address carries it and the results are asked for again', async () => {
    const { calls } = stubSearch(courses(2));
    const user = userEvent.setup();
    const { location } = renderList('/course-list');
    await screen.findByText('2 cursos encontrados');
    const levels = screen.getByRole('group', { name: 'Nível' });
    expect(within(levels).getByRole('button', { name: 'Todos' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(within(levels).getByRole('button', { name: 'Avançado' }));
    expect(location()).toBe('/course-list?level=avancado');
    expect(within(levels).getByRole('button', { name: 'Avançado' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await waitFor(() => expect(searchParams(calls.at(-1)!).get('level')).toBe('avancado'));
  });

  it('when a category is in the address, then its chip is pressed and Todas clears it', async () => {
    const { calls } = stubSearch(courses(2));
    const user = userEvent.setup();
    const { location } = renderList('/course-list?category=dados-ia');
    await screen.findByText('2 cursos encontrados');
    expect(searchParams(calls[0]).get('category')).toBe('dados-ia');
    const categories = screen.getByRole('group', { name: 'Categoria' });
    expect(within(categories).getByRole('button', { name: 'Dados e IA' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(within(categories).getByRole('button', { name: 'Todas' }));
    expect(location()).toBe('/course-list');
  });

  it('when Menor preço is chosen, then the address and the request sort by price', async () => {
    const { calls } = stubSearch(courses(2));
    const user = userEvent.setup();
    const { location } = renderList('/course-list');
    await screen.findByText('2 cursos encontrados');
    const sort = screen.getByRole('combobox', { name: 'Ordenar por' });
    expect(
      within(sort)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Relevância', 'Mais bem avaliados', 'Mais alunos', 'Mais recentes', 'Menor preço']);
    await user.selectOptions(sort, 'Menor preço');
    expect(location()).toBe('/course-list?sort=price');
    await waitFor(() => expect(searchParams(calls.at(-1)!).get('sort')).toBe('price'));
  });

  it('when the address holds values it does not know, then they are ignored', async () => {
    const { calls } = stubSearch(courses(1));
    renderList('/course-list?category=culinaria&sort=barato');
    await screen.findByText('1 curso encontrado');
    expect(searchParams(calls[0]).get('category')).toBeNull();
    expect(searchParams(calls[0]).get('sort')).toBe('relevance');
  });

  it('when more courses match than a page holds, then 24 show and Ver mais adds the next page', async () => {
    const { calls } = stubSearch(courses(30));
    const user = userEvent.setup();
    renderList('/course-list');
    expect(await screen.findByText('30 cursos encontrados')).toBeInTheDocument();
    expect(cardTitles()).toHaveLength(24);
    expect(screen.getByText('Mostrando 24 de 30')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ver mais' }));
    await waitFor(() => expect(cardTitles()).toHaveLength(30));
    expect(cardTitles().slice(23, 25)).toEqual(['Curso 24', 'Curso 25']);
    expect(searchParams(calls.at(-1)!).get('page')).toBe('2');
    expect(screen.queryByRole('button', { name: 'Ver mais' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /Curso 25/ })[0]).toHaveFocus();
  });

  it('when nothing matches, then the count line names the term', async () => {
    stubSearch([]);
    renderList('/course-list/cobol');
    await waitFor(() =>
      expect(countLine()).toHaveTextContent(/Nenhum curso encontrado para “cobol”/),
    );
    expect(screen.queryAllByRole('heading', { level: 3 })).toHaveLength(0);
  });

  it('when courses are loading, then skeletons show', () => {
    stubApi(() => new Promise<StubResponse>(() => {}));
    renderList('/course-list');
    expect(screen.getByRole('status', { name: 'Carregando cursos…' })).toBeInTheDocument();
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
    expect(await screen.findByText('Pesquisa inválida')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('1 curso encontrado')).toBeInTheDocument();
    expect(calls.length).toBeGreaterThanOrEqual(2);
  });
});
