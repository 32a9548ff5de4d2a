import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { EnrolledStudentsResponse } from '@aprendiz/contract/educator';
import { networkError, stubApi } from '../../test/api-stub';
import { LOADED, renderWithProviders, testUser } from '../../test/render';
import StudentEnrolledPage, { loader } from './student-enrolled';
import { NETWORK_ERROR_MESSAGE } from '../../lib/api-error';

const enrolledStudents: EnrolledStudentsResponse['enrolledStudents'] = [
  {
    student: { _id: 'u2', name: 'Carla Dias', imageUrl: '' },
    courseTitle: 'SQL essencial',
    purchaseDate: '2025-06-02T12:00:00.000Z',
  },
  {
    student: { _id: 'u1', name: 'Bruno Lima', imageUrl: 'https://img.example/bruno.png' },
    courseTitle: 'React moderno',
    purchaseDate: '2025-01-15T12:00:00.000Z',
  },
];

function renderPage() {
  return renderWithProviders(<StudentEnrolledPage />, {
    route: '/educator/student-enrolled',
    loader,
    auth: { user: testUser },
    app: { isEducator: true },
  });
}

describe('StudentEnrolledPage', () => {
  it('while the list is on its way, then the loader shows', async () => {
    stubApi(() => new Promise(() => {}));
    renderPage();
    expect(
      await screen.findByRole('status', { name: 'Carregando os alunos inscritos…' }),
    ).toBeInTheDocument();
  });

  it('when the list arrives, then it keeps the server order (newest first), numbered, with Portuguese dates', async () => {
    const { calls } = stubApi(() => ({
      data: { success: true, enrolledStudents, total: 2, next: null },
    }));
    renderPage();
    const table = await screen.findByRole('table');
    const [header, ...rows] = within(table).getAllByRole('row');

    expect(calls[0].url).toBe('/api/educator/enrolled-students');
    expect(
      within(header)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['#', 'Student name', 'Course Title', 'Date']);
    const [first, second] = rows.map((row) => within(row).getAllByRole('cell'));
    expect(first[0]).toHaveTextContent('1');
    expect(within(first[1]).getByText('Carla Dias')).toBeInTheDocument();
    expect(first[2]).toHaveTextContent('SQL essencial');
    expect(first[3]).toHaveTextContent('02/06/2025');
    expect(second[0]).toHaveTextContent('2');
    expect(within(second[1]).getByText('Bruno Lima')).toBeInTheDocument();
    expect(second[1].querySelector('img')).toHaveAttribute('src', 'https://img.example/bruno.png');
    expect(second[3]).toHaveTextContent('15/01/2025');
  });

  it('when a page ends the list, then neither a count nor Ver mais shows', async () => {
    stubApi(() => ({ data: { success: true, enrolledStudents, total: 2, next: null } }));
    renderPage();
    await screen.findByRole('table');
    expect(screen.queryByRole('button', { name: 'Ver mais' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Mostrando/)).not.toBeInTheDocument();
  });

  it('when more students enrolled than a page holds, then Ver mais adds the next page from where the list left off, numbered on, with focus on the first new row', async () => {
    const older = {
      student: { _id: 'u0', name: 'Ana Reis', imageUrl: '' },
      courseTitle: 'SQL essencial',
      purchaseDate: '2024-12-01T12:00:00.000Z',
    };
    const { calls } = stubApi((request) =>
      (request.params as { before?: string } | undefined)?.before === 'cursor-2'
        ? { data: { success: true, enrolledStudents: [older], total: 3, next: null } }
        : { data: { success: true, enrolledStudents, total: 3, next: 'cursor-2' } },
    );
    renderPage();
    await screen.findByRole('table');
    expect(screen.getByRole('status')).toHaveTextContent('Mostrando 2 de 3');

    await userEvent.click(screen.getByRole('button', { name: 'Ver mais' }));

    const added = await screen.findByRole('row', { name: /Ana Reis/ });
    expect(calls.at(-1)).toMatchObject({
      url: '/api/educator/enrolled-students',
      params: { before: 'cursor-2' },
    });
    expect(within(added).getAllByRole('cell')[0]).toHaveTextContent('3');
    // Still there once the page has settled: focus never falls back to the page.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(added).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('Mostrando 3 de 3');
    expect(screen.queryByRole('button', { name: 'Ver mais' })).not.toBeInTheDocument();
  });

  it('when Ver mais fails, then the error is toasted and the rows shown stay', async () => {
    let failing = false;
    stubApi(() => {
      if (failing) return { status: 503, data: { success: false, message: 'Tente mais tarde' } };
      return { data: { success: true, enrolledStudents, total: 200_000, next: 'cursor-2' } };
    });
    renderPage();
    await screen.findByRole('table');
    expect(screen.getByRole('status')).toHaveTextContent('Mostrando 2 de 200.000');
    failing = true;
    await userEvent.click(screen.getByRole('button', { name: 'Ver mais' }));

    expect(
      await screen.findByText('Não foi possível carregar mais alunos: Tente mais tarde'),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Ver mais' })).toBeEnabled();
  });

  it('when nobody has enrolled yet, then the table says so', async () => {
    stubApi(() => ({ data: { success: true, enrolledStudents: [], total: 0, next: null } }));
    renderPage();
    expect(await screen.findByText('Nenhum aluno inscrito ainda.')).toBeInTheDocument();
  });

  it('when the server answers success false, then its message is toasted and shown with Tentar novamente, never an endless loader', async () => {
    stubApi(() => ({ data: { success: false, message: 'Lista indisponível' } }));
    renderPage();
    expect(await screen.findByText('Lista indisponível')).toBeInTheDocument();
    const failed = await screen.findByRole(
      'heading',
      { name: 'Não foi possível carregar os alunos inscritos' },
      LOADED,
    );
    expect(failed.closest('[role="alert"]')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });

  it('when the connection drops, then the error is toasted', async () => {
    stubApi(() => {
      throw networkError();
    });
    renderPage();
    expect(await screen.findByText(NETWORK_ERROR_MESSAGE)).toBeInTheDocument();
  });
});
