import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/api-stub';
import { renderWithProviders, testUser } from '../../test/render';
import type { PayoutsData } from './load-payouts';
import { PayoutsView } from './payouts-view';

const data: PayoutsData = {
  profile: { success: true, currency: 'brl', rails: ['pix'], profile: null },
  balance: {
    currency: 'brl',
    available: 120,
    pending: [
      {
        amount: 80,
        availableAt: '2026-12-03T12:00:00.000Z',
        reason: 'guarantee',
        label: 'disponível em 3 dez: garantia de 7 dias',
      },
    ],
    inWithdrawal: 0,
    paidOut: 0,
    debit: 0,
    minimum: 50,
  },
  payouts: [],
};

describe('PayoutsView', () => {
  it('when a wrong CPF is typed as the Pix key, then the field says why and nothing is sent; a valid one is saved', async () => {
    const { calls } = stubApi(() => ({ data: { success: true, profile: {} } }));
    const onChange = vi.fn();
    renderWithProviders(<PayoutsView data={data} onChange={onChange} />, {
      auth: { user: testUser },
    });
    expect(screen.getByText('disponível em 3 dez: garantia de 7 dias')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pedir saque' })).toBeDisabled();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Chave Pix'), '529.982.247-26');
    await user.type(screen.getByLabelText('Nome do titular'), 'Ana Educadora');
    await user.type(screen.getByLabelText('CPF ou CNPJ do titular'), '529.982.247-25');
    await user.click(screen.getByRole('button', { name: 'Salvar dados de recebimento' }));
    expect(screen.getByText('CPF inválido: confira os 11 dígitos')).toBeInTheDocument();
    expect(screen.getByLabelText('Chave Pix')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);

    await user.clear(screen.getByLabelText('Chave Pix'));
    await user.type(screen.getByLabelText('Chave Pix'), '529.982.247-25');
    await user.click(screen.getByRole('button', { name: 'Salvar dados de recebimento' }));
    expect(calls).toEqual([
      expect.objectContaining({
        method: 'PUT',
        url: '/api/educator/payout-profile',
        body: expect.objectContaining({ rail: 'pix', pixKeyType: 'cpf', pixKey: '529.982.247-25' }),
      }),
    ]);
    await vi.waitFor(() => expect(onChange).toHaveBeenCalled());
  });

  it('when the server refuses a withdrawal, then its message shows beside the amount', async () => {
    stubApi(() => ({
      status: 409,
      data: { success: false, message: 'Você já tem um saque em andamento: aguarde sua conclusão' },
    }));
    renderWithProviders(
      <PayoutsView
        data={{
          ...data,
          profile: {
            ...data.profile,
            profile: {
              rail: 'pix',
              pixKeyType: 'cpf',
              destination: '•••.982.247-••',
              holderName: 'Ana',
              taxId: '••••••••725',
              autoMonthly: false,
              stripeStatus: null,
              updatedAt: '2026-11-28T00:00:00.000Z',
            },
          },
        }}
        onChange={() => {}}
      />,
      { auth: { user: testUser } },
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Pedir saque' }));
    expect(await screen.findByText(/já tem um saque em andamento/)).toBeInTheDocument();
  });
});
