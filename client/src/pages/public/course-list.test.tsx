import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { courseSummary } from '../../test/course-fixtures';
import { renderWithProviders } from '../../test/render';
import CourseListPage, { filterCoursesByTitle } from './course-list';

const courses = [
  courseSummary({ _id: 'c1', courseTitle: 'JavaScript do Zero' }),
  courseSummary({ _id: 'c2', courseTitle: 'React Avançado' }),
  courseSummary({ _id: 'c3', courseTitle: 'Python para Dados' }),
  courseSummary({ _id: 'c4', courseTitle: 'TypeScript com React' }),
];

function renderList(route: string, app = {}) {
  return renderWithProviders(<CourseListPage />, {
    route,
    path: '/course-list/:input?',
    app: { allCourses: courses, ...app },
  });
}

function cardTitles(): string[] {
  return screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent ?? '');
}

describe('filterCoursesByTitle', () => {
  it('when given a term in any case, then titles containing it are kept in order', () => {
    expect(filterCoursesByTitle(courses, 'REACT').map((course) => course._id)).toEqual([
      'c2',
      'c4',
    ]);
    expect(filterCoursesByTitle(courses, '  ')).toHaveLength(4);
  });
});

describe('CourseListPage', () => {
  it('when opened without a term, then the title, the breadcrumb home and every course in a 3-column grid show', () => {
    renderList('/course-list');
    expect(screen.getByRole('heading', { level: 1, name: 'Lista de Cursos' })).toBeInTheDocument();
    const breadcrumb = screen.getByRole('navigation', { name: 'Trilha de navegação' });
    expect(within(breadcrumb).getByRole('link', { name: 'Início' })).toHaveAttribute('href', '/');
    expect(breadcrumb).toHaveTextContent('Início/Lista de Cursos');
    expect(cardTitles()).toHaveLength(4);
    const grid = screen.getAllByRole('link', { name: /do Zero/ })[0].closest('ul');
    expect(grid).toHaveClass('sm:grid-cols-2', 'lg:grid-cols-3');
    expect(screen.queryByRole('button', { name: 'Limpar pesquisa' })).not.toBeInTheDocument();
  });

  it('when opened with a term, then only matching titles show, case-insensitively, the box is pre-filled and a chip shows the term', () => {
    renderList('/course-list/react');
    expect(cardTitles()).toEqual(['React Avançado', 'TypeScript com React']);
    expect(screen.getByRole('searchbox')).toHaveValue('react');
    expect(screen.getByRole('button', { name: 'Limpar pesquisa' }).parentElement).toHaveTextContent(
      'react',
    );
  });

  it('when the chip’s cross is pressed, then the search is cleared and every course shows', async () => {
    const user = userEvent.setup();
    const { location } = renderWithProviders(<CourseListPage />, {
      route: '/course-list/python',
      path: '/course-list/:input?',
      app: { allCourses: courses },
    });
    expect(cardTitles()).toEqual(['Python para Dados']);
    await user.click(screen.getByRole('button', { name: 'Limpar pesquisa' }));
    expect(location()).toBe('/course-list');
    expect(cardTitles()).toHaveLength(4);
    expect(screen.getByRole('searchbox')).toHaveValue('');
  });

  it('when a new search is submitted, then the list follows the address', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CourseListPage />, {
      route: '/course-list',
      path: '/course-list/:input?',
      app: { allCourses: courses },
    });
    await user.type(screen.getByRole('searchbox'), 'dados{Enter}');
    expect(cardTitles()).toEqual(['Python para Dados']);
  });

  it('when nothing matches, then a clear message names the term', () => {
    renderList('/course-list/cobol');
    expect(screen.getByText(/Nenhum curso encontrado para “cobol”/)).toBeInTheDocument();
    expect(screen.queryAllByRole('heading', { level: 3 })).toHaveLength(0);
  });

  it('when courses are loading, then skeletons show', () => {
    renderList('/course-list', { coursesStatus: 'loading', allCourses: [] });
    expect(screen.getByRole('status', { name: 'Carregando cursos…' })).toBeInTheDocument();
  });

  it('when courses failed to load, then Tentar novamente fetches them again', async () => {
    const user = userEvent.setup();
    const { app } = renderList('/course-list', { coursesStatus: 'error', allCourses: [] });
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(app.fetchAllCourses).toHaveBeenCalledTimes(1);
  });
});
