import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AppNotification } from '@aprendiz/contract/notifications';
import { stubApi } from '../../test/api-stub';
import { LOADED, renderWithProviders, testUser } from '../../test/render';
import NotificationBell from './notification-bell';

const answer: AppNotification = {
  _id: 'n1',
  kind: 'answer',
  read: false,
  createdAt: '2026-11-25T12:00:00.000Z',
  courseId: 'c1',
  courseTitle: 'Git',
  lectureId: 'lec-1',
  questionId: 'q1',
  questionTitle: 'Rebase?',
  answerId: 'a1',
  actorName: 'Profa. Ana',
  note: null,
};

describe('NotificationBell', () => {
  it('when there are unread notices, then the count shows; opening lists them, links to the answer in its question and marks them read', async () => {
    // As the server: once marked, the notice reads as read on the next GET.
    let read = false;
    const { calls } = stubApi((req) => {
      if (req.method !== 'GET') {
        read = true;
        return { data: { success: true, unread: 0 } };
      }
      const notifications = [{ ...answer, read }];
      return { data: { success: true, notifications, unread: read ? 0 : 1 } };
    });
    renderWithProviders(<NotificationBell />, { route: '/', auth: { user: testUser } });
    const user = userEvent.setup();
    const bell = await screen.findByRole('button', { name: 'Notificações (1 não lida)' }, LOADED);
    await user.click(bell);
    const link = screen.getByRole('link', {
      name: 'Profa. Ana respondeu à sua pergunta “Rebase?”',
    });
    expect(link).toHaveAttribute('href', '/player/c1?lecture=lec-1&question=q1&answer=a1');
    expect(await screen.findByRole('button', { name: 'Notificações' })).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toMatchObject([
      {
        method: 'POST',
        url: '/api/notifications/read',
        body: { ids: ['n1'] },
      },
    ]);
  });

  it('when there is nothing, then the bell says so when opened', async () => {
    stubApi(() => ({ data: { success: true, notifications: [], unread: 0 } }));
    renderWithProviders(<NotificationBell />, { route: '/', auth: { user: testUser } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Notificações' }, LOADED));
    expect(screen.getByText('Nenhuma notificação ainda.')).toBeInTheDocument();
  });

  it("when a reviewer asked for changes on the educator's course, then the notice names the course and the note, and leads to their courses", async () => {
    const changes: AppNotification = {
      ...answer,
      _id: 'n2',
      kind: 'course_changes_requested',
      courseTitle: 'Git do zero',
      lectureId: '',
      questionId: '',
      questionTitle: '',
      actorName: '',
      note: 'Falta o vídeo da aula 2',
    };
    stubApi((req) =>
      req.method === 'GET'
        ? { data: { success: true, notifications: [changes], unread: 1 } }
        : { data: { success: true, unread: 0 } },
    );
    renderWithProviders(<NotificationBell />, { route: '/', auth: { user: testUser } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Notificações/ }, LOADED));
    expect(
      screen.getByRole('link', {
        name: 'Seu curso “Git do zero” precisa de alterações: Falta o vídeo da aula 2',
      }),
    ).toHaveAttribute('href', '/educator/my-courses');
  });
});
