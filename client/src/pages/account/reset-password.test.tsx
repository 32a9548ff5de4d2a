import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { RESET_LINK_INVALID } from '@aprendiz/contract/account';
import { stubApi, type StubResponse } from '../../test/api-stub';
import { renderWithProviders, testUser } from '../../test/render';
import ResetPassword from './reset-password';

const TOKEN = 'a'.repeat(43);
const CHECK_URL = '/api/auth/reset-password/check';

/** The link's check on arrival answers `usable`; every other call gets `answer`. */
function stubReset(answer: StubResponse, usable = true) {
  const stub = stubApi((request) =>
    request.url === CHECK_URL ? { data: { success: true, usable } } : answer,
  );
  return { calls: () => stub.calls.filter((call) => call.url !== CHECK_URL), all: stub.calls };
}

async function fillAndSend(password: string, confirmation = password) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Nova senha'), password);
  await user.type(screen.getByLabelText('Confirmar nova senha'), confirmation);
  await user.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
  return user;
}

describe('reset password page', () => {
  it('when a new password is sent with the link token, then the server answer shows and Entrar opens sign-in', async () => {
    const { calls, all } = stubReset({
      data: { success: true, message: 'Senha alterada. Entre com a nova senha.' },
    });
    const { auth } = renderWithProviders(<ResetPassword />, {
      route: `/reset-password?token=${TOKEN}`,
    });
    await waitFor(() => expect(all).toHaveLength(1));
    expect(all[0]).toMatchObject({ method: 'POST', url: CHECK_URL, body: { token: TOKEN } });
    const user = await fillAndSend('nova-senha-longa');

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Senha alterada. Entre com a nova senha.',
    );
    expect(calls()).toEqual([
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

  it('when the link was used or expired before arrival, then the page says so at once, with no form, and asks for a new link by e-mail', async () => {
    const neutral = 'Se existir uma conta com este e-mail, enviamos um link.';
    const { calls } = stubReset({ data: { success: true, message: neutral } }, false);
    const user = userEvent.setup();
    renderWithProviders(<ResetPassword />, { route: `/reset-password?token=${TOKEN}` });

    expect(await screen.findByRole('alert')).toHaveTextContent('já foi usado, expirou');
    expect(screen.queryByLabelText('Nova senha')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('E-mail da conta'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Pedir um novo link' }));

    expect(await screen.findByRole('status')).toHaveTextContent(neutral);
    expect(calls()).toEqual([
      expect.objectContaining({
        url: '/api/auth/forgot-password',
        body: { email: 'ana@example.com' },
      }),
    ]);
  });

  it('when the link is used elsewhere while the form is open, then the answer turns the page into the same notice', async () => {
    stubReset({ status: 400, data: { success: false, message: RESET_LINK_INVALID } });
    renderWithProviders(<ResetPassword />, { route: `/reset-password?token=${TOKEN}` });
    await fillAndSend('nova-senha-longa');

    expect(await screen.findByRole('alert')).toHaveTextContent('já foi usado, expirou');
    expect(screen.getByRole('button', { name: 'Pedir um novo link' })).toBeInTheDocument();
  });

  it('when the server refuses for another reason, then its message shows and the form stays', async () => {
    stubReset({ status: 429, data: { success: false, message: 'Muitas tentativas.' } });
    renderWithProviders(<ResetPassword />, { route: `/reset-password?token=${TOKEN}` });
    await fillAndSend('nova-senha-longa');

    expect(await screen.findByRole('alert')).toHaveTextContent('Muitas tentativas.');
    expect(screen.getByRole('button', { name: 'Salvar nova senha' })).toBeEnabled();
  });

  it('when the two passwords differ, then nothing is sent', async () => {
    const { calls } = stubReset({ data: {} });
    renderWithProviders(<ResetPassword />, { route: `/reset-password?token=${TOKEN}` });
    await fillAndSend('nova-senha-longa', 'outra-senha-longa');

    expect(screen.getByRole('alert')).toHaveTextContent('As duas senhas não são iguais');
    expect(calls()).toHaveLength(0);
  });

  it('when the address has no token, then it says so, shows no password form and offers a new link', () => {
    renderWithProviders(<ResetPassword />, { route: '/reset-password' });
    expect(screen.getByRole('alert')).toHaveTextContent('não traz um link de redefinição');
    expect(screen.queryByLabelText('Nova senha')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pedir um novo link' })).toBeInTheDocument();
  });

  it('when someone signed in resets, then the success offers the way home instead of Entrar', async () => {
    stubReset({ data: { success: true, message: 'Senha alterada.' } });
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
