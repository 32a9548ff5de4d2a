import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AdminPerson } from '@aprendiz/contract/staff';
import { stubApi } from '../../test/api-stub';
import { renderWithProviders, testUser } from '../../test/render';
import { PersonSessions } from './person-sessions';

const person: AdminPerson = {
  _id: 'usr_rosa',
  name: 'Rosa Lima',
  email: 'rosa@example.com',
  role: 'student',
  staffRole: null,
  suspended: false,
  createdAt: '2026-11-01T10:00:00.000Z',
  imageUrl: '',
  suspendedAt: null,
  suspensionReason: null,
  twoStepEnabled: false,
  enrollments: [],
  purchases: [],
  refunds: [],
  certificates: [],
  sessions: [
    {
      _id: '0b6c1e58-5a4e-4d35-9d0e-1b7c2f1f0a01',
      browser: 'Safari',
      system: 'iOS',
      address: '203.0.113.20',
      firstSeenAt: '2026-11-27T10:00:00.000Z',
      lastSeenAt: '2026-11-28T09:00:00.000Z',
    },
  ],
};

describe('PersonSessions', () => {
  it('when an admin ends a session and confirms, then that session is ended on the server and the page reads the person again', async () => {
    const { calls } = stubApi(() => ({ data: { success: true } }));
    const onChanged = vi.fn();
    renderWithProviders(<PersonSessions person={person} canEnd onChanged={onChanged} />, {
      auth: { user: testUser },
    });
    expect(screen.getByText('Safari em iOS')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Encerrar a sessão Safari em iOS' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Encerrar sessão' });
    expect(dialog).toHaveTextContent('Rosa Lima sairá de Safari em iOS');
    await user.click(within(dialog).getByRole('button', { name: 'Encerrar' }));
    expect(await screen.findByText('Sessão encerrada.')).toBeInTheDocument();
    expect(calls).toMatchObject([
      {
        method: 'POST',
        url: '/api/admin/users/usr_rosa/sessions/0b6c1e58-5a4e-4d35-9d0e-1b7c2f1f0a01/end',
      },
    ]);
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it('when support looks, then the sessions are listed without Encerrar', () => {
    renderWithProviders(<PersonSessions person={person} canEnd={false} onChanged={vi.fn()} />, {
      auth: { user: testUser },
    });
    expect(screen.getByText('Safari em iOS')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
