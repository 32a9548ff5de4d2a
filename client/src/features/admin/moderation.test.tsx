import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { UserData } from '@aprendiz/contract/auth';
import type { AdminReportedPost } from '@aprendiz/contract/staff';
import { stubApi } from '../../test/api-stub';
import { LOADED, renderWithProviders, testUser } from '../../test/render';
import { AdminModerationScreen } from './moderation';
import { AdminOverviewScreen } from './overview';

const adminData: UserData = {
  _id: 'usr_admin',
  name: 'Admin',
  email: 'admin@example.com',
  imageUrl: '',
  role: 'student',
  staffRole: 'admin',
  emailVerified: true,
  enrolledCourses: [],
  educatorTitle: 'educador',
};

const reportedReview: AdminReportedPost = {
  kind: 'review',
  _id: 'r-1',
  questionId: null,
  courseId: 'c-1',
  courseTitle: 'Excel do zero',
  authorId: 'usr_bia',
  authorName: 'Bia',
  body: 'Educador idiota',
  hidden: false,
  reportCount: 2,
  reasons: ['ofensiva'],
  lastReportedAt: '2026-11-27T10:00:00.000Z',
};

/** A server that keeps one reported review and moves it as the console asks. */
function serveOne(start: AdminReportedPost) {
  let current: AdminReportedPost | null = start;
  return stubApi((req) => {
    if (req.method === 'GET' && req.url === '/api/admin/moderation') {
      return { data: { success: true, posts: current ? [current] : [] } };
    }
    const base = `/api/admin/moderation/review/${start._id}`;
    if (current && req.url === `${base}/hide`) {
      current = { ...current, hidden: true };
      return { data: { success: true, changed: true } };
    }
    if (current && req.url === `${base}/show`) {
      current = { ...current, hidden: false };
      return { data: { success: true, changed: true } };
    }
    if (req.url === `${base}/dismiss`) {
      current = null;
      return { data: { success: true, changed: true } };
    }
    return { status: 404, data: { success: false, message: 'Rota desconhecida' } };
  });
}

function renderAs(userData: UserData) {
  return renderWithProviders(<AdminModerationScreen />, {
    route: '/admin/moderation',
    auth: { user: testUser },
    app: { userData },
  });
}

describe('AdminModerationScreen with a reported review', () => {
  it('when an admin hides it with a note, shows it again and dismisses its reports, then each call goes out and the card follows', async () => {
    const { calls } = serveOne(reportedReview);
    renderAs(adminData);
    const user = userEvent.setup();
    const card = (await screen.findByText('Educador idiota', {}, LOADED)).closest('li')!;
    expect(within(card).getByText('Avaliação')).toBeInTheDocument();
    expect(within(card).getByText(/Excel do zero · por Bia · 2 denúncias/)).toBeInTheDocument();
    expect(within(card).getByText('Motivos: ofensiva')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Ocultar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ocultar avaliação' });
    await user.type(within(dialog).getByLabelText(/Nota para o autor/), 'Linguagem ofensiva');
    await user.click(within(dialog).getByRole('button', { name: 'Ocultar' }));
    expect(await screen.findByText('Avaliação ocultada.')).toBeInTheDocument();
    expect(await within(card).findByText('Oculta')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Mostrar de novo' }));
    expect(await screen.findByText('Avaliação visível de novo.')).toBeInTheDocument();
    await user.click(await within(card).findByRole('button', { name: 'Descartar denúncias' }));
    expect(await screen.findByText('Nenhuma denúncia aberta.')).toBeInTheDocument();

    expect(
      calls.filter((call) => call.method === 'POST').map(({ url, body }) => [url, body ?? null]),
    ).toEqual([
      ['/api/admin/moderation/review/r-1/hide', { note: 'Linguagem ofensiva' }],
      ['/api/admin/moderation/review/r-1/show', null],
      ['/api/admin/moderation/review/r-1/dismiss', null],
    ]);
  });

  it('when support opens the tab, then the reported review is listed without actions', async () => {
    serveOne(reportedReview);
    renderAs({ ...adminData, staffRole: 'support' });
    const card = (await screen.findByText('Educador idiota', {}, LOADED)).closest('li')!;
    expect(within(card).getByText('Avaliação')).toBeInTheDocument();
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('AdminOverviewScreen', () => {
  const overview = {
    windows: [],
    failedJobs: 0,
    openReports: 3,
    manualRefundsOpen: 0,
    coursesInReview: 0,
    applicationsPending: 0,
    payoutsOpen: 0,
    people: 10,
  };

  it('when EDUCATOR_APPLICATIONS is off, then the applications tile is not there; on, it is', async () => {
    stubApi(() => ({ data: { success: true, overview } }));
    const off = renderWithProviders(<AdminOverviewScreen />, {
      auth: { user: testUser },
      app: { userData: adminData },
    });
    expect(await screen.findByText('Denúncias abertas', {}, LOADED)).toBeInTheDocument();
    expect(screen.queryByText('Candidaturas a educador')).not.toBeInTheDocument();
    off.unmount();

    renderWithProviders(<AdminOverviewScreen />, {
      auth: { user: testUser },
      app: { userData: { ...adminData, educatorApplications: true } },
    });
    expect(await screen.findByText('Candidaturas a educador', {}, LOADED)).toBeInTheDocument();
  });
});
