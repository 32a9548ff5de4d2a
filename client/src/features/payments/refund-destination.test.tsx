import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../test/api-stub';
import { renderWithProviders, testUser } from '../../test/render';
import { RefundDestinationAction } from './lazy-parts';

const owedKwanzas = {
  purchaseId: '0b7a2f1e-0000-4000-8000-000000000009',
  amount: 5000,
  currency: 'aoa',
};

describe('RefundDestinationAction', () => {
  it('when an IBAN that is not Angolan is typed, then the field says why and nothing is sent; a valid one is sent and My Courses reloads', async () => {
    const { calls } = stubApi(() => ({ data: { success: true } }));
    const { app } = renderWithProviders(
      <RefundDestinationAction owed={owedKwanzas} courseTitle="Python do Zero" />,
      { auth: { user: testUser } },
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Informe o IBAN: Python do Zero' }));
    const dialog = await screen.findByRole('dialog', { name: 'Informe o IBAN' });
    expect(
      within(dialog).getByText(/Você pagou Kz 5.000,00 por “Python do Zero”/),
    ).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('IBAN'), 'PT50 0002 0123 1234 5678 9015 4');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(within(dialog).getByText(/IBAN angolano válido/)).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('IBAN'));
    await user.type(within(dialog).getByLabelText('IBAN'), 'AO06 0044 0000 6729 5030 1010 2');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText(/Recebemos os dados/)).toBeInTheDocument();
    expect(calls).toEqual([
      expect.objectContaining({
        method: 'PUT',
        url: '/api/payments/0b7a2f1e-0000-4000-8000-000000000009/refund-destination',
        body: { destination: 'AO06 0044 0000 6729 5030 1010 2' },
      }),
    ]);
    expect(app.refreshSignedIn).toHaveBeenCalled();
  });

  it('when the payment was in reais, then a Pix key is asked, and a refusal of the server is toasted', async () => {
    stubApi(() => ({
      status: 404,
      data: { success: false, message: 'Não há reembolso à espera de destino nesta compra' },
    }));
    renderWithProviders(
      <RefundDestinationAction
        owed={{ ...owedKwanzas, currency: 'brl', amount: 49.9 }}
        courseTitle="SQL na Prática"
      />,
      { auth: { user: testUser } },
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Informe a chave Pix: SQL na Prática' }));
    const dialog = await screen.findByRole('dialog', { name: 'Informe a chave Pix' });
    await user.type(within(dialog).getByLabelText('Chave Pix'), 'aluno@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar' }));
    expect(
      await screen.findByText('Não há reembolso à espera de destino nesta compra'),
    ).toBeInTheDocument();
  });
});
