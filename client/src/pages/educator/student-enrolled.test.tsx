import { screen, within } from '@testing-library/react';
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
    const { calls } = stubApi(() => ({ data: { success: true, enrolledStudents } }));
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

  it('when nobody has enrolled yet, then the table says so', async () => {
    stubApi(() => ({ data: { success: true, enrolledStudents: [] } }));
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
