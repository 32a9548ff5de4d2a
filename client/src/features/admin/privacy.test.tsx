import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminPrivacyRequest } from '@aprendiz/contract/privacy';
import { stubApi } from '../../test/api-stub';
import { LOADED, renderWithProviders, testUser } from '../../test/render';
import { AdminPrivacyScreen } from './privacy';

const late: AdminPrivacyRequest = {
  id: 'r-1',
  kind: 'export',
  userId: 'usr_late',
  userName: 'Bia Atrasada',
  userEmail: 'bia@example.com',
  status: 'pending',
  requestedAt: '2026-11-01T10:00:00.000Z',
  dueAt: '2026-11-16T10:00:00.000Z',
  completedAt: null,
  scheduledFor: null,
  overdue: true,
};

const onTime: AdminPrivacyRequest = {
  ...late,
  id: 'r-2',
  kind: 'deletion',
  userId: 'usr_ok',
  userName: 'Caio Em Dia',
  userEmail: 'caio@example.com',
  status: 'scheduled',
  scheduledFor: '2026-12-05T10:00:00.000Z',
  overdue: false,
};

describe('AdminPrivacyScreen', () => {
  it('when a request is past its deadline, then its row says Atrasado and links to the person; an open one on time does not', async () => {
    stubApi(() => ({ data: { success: true, requests: [late, onTime] } }));
    renderWithProviders(<AdminPrivacyScreen />, { auth: { user: testUser } });
    const overdue = (await screen.findByRole('link', { name: 'Bia Atrasada' }, LOADED)).closest(
      'tr',
    )!;
    expect(within(overdue).getByText('Atrasado')).toBeInTheDocument();
    expect(within(overdue).getByText('Exportação')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Bia Atrasada' })).toHaveAttribute(
      'href',
      '/admin/people/usr_late',
    );
    const fine = screen.getByRole('link', { name: 'Caio Em Dia' }).closest('tr')!;
    expect(within(fine).queryByText('Atrasado')).not.toBeInTheDocument();
    expect(within(fine).getByText('Agendada')).toBeInTheDocument();
  });

  it('when the kind is chosen and closed requests are included, then the list is asked for again with that filter', async () => {
    const { calls } = stubApi(() => ({ data: { success: true, requests: [] } }));
    renderWithProviders(<AdminPrivacyScreen />, { auth: { user: testUser } });
    expect(await screen.findByText('Nenhum pedido.', {}, LOADED)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Tipo'), 'deletion');
    await user.click(screen.getByLabelText('Só os pedidos em aberto'));
    await screen.findByText('Nenhum pedido.', {}, LOADED);
    expect(calls.map((call) => call.url)).toEqual(
      expect.arrayContaining([
        '/api/admin/privacy-requests?open=1',
        '/api/admin/privacy-requests?open=1&kind=deletion',
        '/api/admin/privacy-requests?open=0&kind=deletion',
      ]),
    );
  });
});
