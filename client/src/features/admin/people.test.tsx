import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminUserSummary } from '@aprendiz/contract/staff';
import { stubApi } from '../../test/api-stub';
import { LOADED, renderWithProviders, testUser } from '../../test/render';
import { AdminPeopleScreen } from './people';

const carla: AdminUserSummary = {
  _id: 'usr_carla',
  name: 'Carla Compradora',
  email: 'carla@example.com',
  role: 'student',
  staffRole: null,
  suspended: false,
  createdAt: '2026-11-01T10:00:00.000Z',
};

describe('AdminPeopleScreen', () => {
  it('when an e-mail is searched, then the server is asked with it and each person found links to their page', async () => {
    const { calls } = stubApi(() => ({ data: { success: true, users: [carla] } }));
    renderWithProviders(<AdminPeopleScreen />, {
      route: '/admin/people',
      auth: { user: testUser },
    });
    const user = userEvent.setup();
    await user.type(
      screen.getByRole('searchbox', { name: 'Buscar pessoas' }),
      ' carla@example.com ',
    );
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(await screen.findByRole('link', { name: 'Carla Compradora' }, LOADED)).toHaveAttribute(
      'href',
      '/admin/people/usr_carla',
    );
    expect(calls.map((call) => call.url)).toContain('/api/admin/users?q=carla%40example.com');
  });
});
