import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { UserData } from '@aprendiz/contract/auth';
import type { OperatorPayout } from '@aprendiz/contract/payouts';
import { stubApi } from '../../test/api-stub';
import { LOADED, renderWithProviders, testUser } from '../../test/render';
import { AdminPayoutsScreen } from './payouts';

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

function payout(overrides: Partial<OperatorPayout> = {}): OperatorPayout {
  return {
    _id: 'p-1',
    amount: 150,
    currency: 'brl',
    rail: 'pix',
    status: 'requested',
    destination: '•••.982.247-••',
    automatic: false,
    reference: null,
    failureReason: null,
    requestedAt: '2026-11-27T10:00:00.000Z',
    paidAt: null,
    failedAt: null,
    educatorId: 'usr_ana',
    educatorName: 'Ana Educadora',
    educatorEmail: 'ana@example.com',
    batch: null,
    approvedAt: null,
    ...overrides,
  };
}

/** A server that keeps one withdrawal and moves it as the console asks. */
function serveOne(start: OperatorPayout) {
  let current = start;
  return stubApi((req) => {
    if (req.method === 'GET' && req.url.startsWith('/api/admin/payouts')) {
      const wanted = new URL(req.url, 'http://x').searchParams.get('status');
      const payouts = wanted === null || wanted === current.status ? [current] : [];
      return { data: { success: true, payouts } };
    }
    if (req.url === `/api/admin/payouts/${current._id}/approve`) {
      current = { ...current, status: 'approved', batch: 'pix-2026-11-28' };
      return { data: { success: true, message: 'Saque aprovado', payout: current } };
    }
    if (req.url === `/api/admin/payouts/${current._id}/paid`) {
      const { reference } = req.body as { reference: string };
      current = { ...current, status: 'paid', reference };
      return { data: { success: true, message: 'Saque marcado como pago', payout: current } };
    }
    return { status: 404, data: { success: false, message: 'Rota desconhecida' } };
  });
}

function renderAs(userData: UserData, route = '/admin/payouts') {
  return renderWithProviders(<AdminPayoutsScreen />, {
    route,
    auth: { user: testUser },
    app: { userData },
  });
}

describe('AdminPayoutsScreen', () => {
  it('when an admin approves a requested withdrawal and then marks it paid with the reference, then both calls go out and the list follows', async () => {
    const { calls } = serveOne(payout());
    renderAs(adminData);
    const user = userEvent.setup();
    const row = (await screen.findByText('Ana Educadora', {}, LOADED)).closest('tr')!;
    expect(within(row).getByText('Solicitado')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Aprovar o saque de Ana Educadora' }));
    expect(
      await screen.findByText('Saque aprovado: ele entra no lote do dia.'),
    ).toBeInTheDocument();

    // The filter follows the withdrawal to 'Em processamento'.
    await user.selectOptions(screen.getByLabelText('Estado'), 'approved');
    const approved = (await screen.findByText('Lote pix-2026-11-28', {}, LOADED)).closest('tr')!;
    await user.click(within(approved).getByRole('button', { name: 'Marcar como pago' }));
    const dialog = await screen.findByRole('dialog', { name: 'Saque pago' });
    await user.click(within(dialog).getByRole('button', { name: 'Marcar como pago' }));
    expect(within(dialog).getByText(/Informe a referência do banco/)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Referência do banco/), 'E2026112812345');
    await user.click(within(dialog).getByRole('button', { name: 'Marcar como pago' }));
    expect(await screen.findByText('Saque marcado como pago.')).toBeInTheDocument();

    expect(calls.filter((call) => call.method === 'POST')).toMatchObject([
      { url: '/api/admin/payouts/p-1/approve' },
      { url: '/api/admin/payouts/p-1/paid', body: { reference: 'E2026112812345' } },
    ]);
  });

  it('when support opens the tab, then the withdrawals are listed without actions or exports', async () => {
    serveOne(payout());
    renderAs({ ...adminData, staffRole: 'support' });
    const row = (await screen.findByText('Ana Educadora', {}, LOADED)).closest('tr')!;
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Exportar lote/ })).not.toBeInTheDocument();
  });

  it('when the server refuses a move, then its message is shown and the row stays as it was', async () => {
    stubApi((req) =>
      req.method === 'GET'
        ? { data: { success: true, payouts: [payout()] } }
        : {
            status: 409,
            data: { success: false, message: 'Este saque já não pode ser aprovado' },
          },
    );
    renderAs(adminData);
    const user = userEvent.setup();
    const row = (await screen.findByText('Ana Educadora', {}, LOADED)).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Aprovar o saque de Ana Educadora' }));
    expect(await screen.findByText('Este saque já não pode ser aprovado')).toBeInTheDocument();
    expect(within(row).getByText('Solicitado')).toBeInTheDocument();
  });
});
