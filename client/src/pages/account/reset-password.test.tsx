import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../test/api-stub';
import { renderWithProviders, testUser } from '../../test/render';
import ResetPassword from './reset-password';

const TOKEN = 'a'.repeat(43);

async function fillAndSend(password: string, confirmation = password) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Nova senha'), password);
  await user.type(screen.getByLabelText('Confirmar nova senha'), confirmation);
  await user.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
  return user;
}

describe('reset password page', () => {
  it('when a new password is sent with the link token, then the server answer shows and Entrar opens sign-in', async () => {
    const { calls } = stubApi(() => ({
      data: { success: true, message: 'Senha alterada. Entre com a nova senha.' },
    }));
    const { auth } = renderWithProviders(<ResetPassword />, {
      route: `/reset-password?token=${TOKEN}`,
    });
    const user = await fillAndSend('nova-senha-longa');

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Senha alterada. Entre com a nova senha.',
    );
    expect(calls).toEqual([
      expect.objectContaining({
        method: 'POST',
        url: '/api/auth/reset-password',
        body: { token: TOKEN, password: 'nova-senha-longa' },
      }),
    ]);
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(auth.openSignIn).toHaveBeenCalled();
    expect(document.title).toMatch(/^Redefinir senha/);
  });

  it('when the link was used or expired, then the server message shows and the form stays', async () => {
    const message = 'Este link de redefinição é inválido, já foi usado ou expirou.';
    stubApi(() => ({ status: 400, data: { success: false, message } }));
    renderWithProviders(<ResetPassword />, { route: `/reset-password?token=${TOKEN}` });
    await fillAndSend('nova-senha-longa');

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: 'Salvar nova senha' })).toBeEnabled();
  });

  it('when the two passwords differ, then nothing is sent', async () => {
    const { calls } = stubApi(() => ({ data: {} }));
    renderWithProviders(<ResetPassword />, { route: `/reset-password?token=${TOKEN}` });
    await fillAndSend('nova-senha-longa', 'outra-senha-longa');

    expect(screen.getByRole('alert')).toHaveTextContent('As duas senhas não são iguais');
    expect(calls).toHaveLength(0);
  });

  it('when the address has no token, then it says so and shows no form', () => {
    renderWithProviders(<ResetPassword />, { route: '/reset-password' });
    expect(screen.getByRole('alert')).toHaveTextContent('não traz um link de redefinição');
    expect(screen.queryByLabelText('Nova senha')).not.toBeInTheDocument();
  });

  it('when someone signed in resets, then the success offers the way home instead of Entrar', async () => {
    stubApi(() => ({ data: { success: true, message: 'Senha alterada.' } }));
    renderWithProviders(<ResetPassword />, {
      route: `/reset-password?token=${TOKEN}`,
      auth: { user: testUser },
    });
    await fillAndSend('nova-senha-longa');
    expect(await screen.findByRole('link', { name: 'Ir para o início' })).toHaveAttribute(
      'href',
      '/',
    );
  });
});
