import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubApi, type StubResponse } from '../test/api-stub';
import { renderWithProviders } from '../test/render';
import LocalSignInDialog from './local-sign-in-dialog';

const NEUTRAL =
  'Se existir uma conta com este e-mail, enviamos um link para redefinir a senha. Veja sua caixa de entrada (e o spam).';

function renderDialog() {
  const onClose = vi.fn();
  const onSignedIn = vi.fn();
  renderWithProviders(<LocalSignInDialog onClose={onClose} onSignedIn={onSignedIn} />);
  return { user: userEvent.setup(), onClose, onSignedIn };
}

describe('Esqueceu a senha?', () => {
  it('when the e-mail is sent, then the request goes out and the neutral answer shows, with no sign-in', async () => {
    const { calls } = stubApi(() => ({ data: { success: true, message: NEUTRAL } }));
    const { user, onSignedIn, onClose } = renderDialog();

    await user.click(screen.getByRole('button', { name: 'Esqueceu a senha?' }));
    expect(screen.getByRole('dialog', { name: 'Recuperar senha' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Senha')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('E-mail'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Enviar link' }));

    // The live region was there before the answer, so screen readers announce it.
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(NEUTRAL));
    expect(calls).toEqual([
      expect.objectContaining({
        method: 'POST',
        url: '/api/auth/forgot-password',
        body: { email: 'ana@example.com' },
      }),
    ]);
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('when the server refuses (rate limit), then its message shows as an error', async () => {
    stubApi(() => ({
      status: 429,
      data: { success: false, message: 'Muitas tentativas. Tente novamente mais tarde.' },
    }));
    const { user } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Esqueceu a senha?' }));
    await user.type(screen.getByLabelText('E-mail'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Enviar link' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Muitas tentativas');
    expect(screen.getByRole('button', { name: 'Enviar link' })).toBeEnabled();
  });

  it('when "Voltar para entrar" is pressed, then the sign-in form is back with its password field', async () => {
    const { user } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Esqueceu a senha?' }));
    await user.click(screen.getByRole('button', { name: 'Voltar para entrar' }));
    expect(screen.getByRole('dialog', { name: 'Entrar' })).toBeInTheDocument();
    expect(screen.getByLabelText('Senha')).toBeInTheDocument();
  });

  it('when Esqueceu a senha? is pressed, then focus moves to the e-mail field inside the dialog, and Esc closes it', async () => {
    const { user, onClose } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Esqueceu a senha?' }));
    expect(screen.getByLabelText('E-mail')).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('when Criar conta is sent on a slow network, then the button says "Criando conta…" and cannot be sent twice', async () => {
    let answer: (value: StubResponse) => void = () => {};
    const { calls } = stubApi(
      () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    );
    const { user } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    await user.type(screen.getByLabelText('Nome'), 'Ana Souza');
    await user.type(screen.getByLabelText('E-mail'), 'ana@example.com');
    await user.type(screen.getByLabelText('Senha'), 'segredo-123');
    await user.click(screen.getAllByRole('button', { name: 'Criar conta' })[0]!);
    const busy = await screen.findByRole('button', { name: 'Criando conta…' });
    expect(busy).toBeDisabled();
    await user.click(busy);
    expect(calls).toHaveLength(1);
    answer({ status: 409, data: { success: false, message: 'Este e-mail já tem conta' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Este e-mail já tem conta');
    expect(screen.getAllByRole('button', { name: 'Criar conta' })[0]).toBeEnabled();
  });

  it('when creating an account, then there is no "Esqueceu a senha?"', async () => {
    const { user } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    expect(screen.queryByRole('button', { name: 'Esqueceu a senha?' })).not.toBeInTheDocument();
  });
});

describe('field errors', () => {
  it('when Criar conta is sent with no name, a bad e-mail and a short password, then each error shows beside its field and nothing is sent', async () => {
    const { calls } = stubApi(() => ({ data: { success: true } }));
    const { user, onSignedIn } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    await user.type(screen.getByLabelText('E-mail'), 'ana@');
    await user.type(screen.getByLabelText('Senha'), 'curta');
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));

    const name = screen.getByLabelText('Nome');
    const email = screen.getByLabelText('E-mail');
    const password = screen.getByLabelText('Senha');
    for (const field of [name, email, password]) {
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(/\S/);
    }
    expect(name).toHaveAccessibleDescription(/nome/i);
    expect(email).toHaveAccessibleDescription(/e-mail/i);
    expect(password).toHaveAccessibleDescription(/8 caracteres/);
    expect(calls).toEqual([]);
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('when a field is corrected and sent again, then its error is gone and the request goes out', async () => {
    const { calls } = stubApi(() => ({
      status: 401,
      data: { success: false, message: 'E-mail ou senha incorretos' },
    }));
    const { user } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');

    await user.type(screen.getByLabelText('E-mail'), 'ana@example.com');
    await user.type(screen.getByLabelText('Senha'), 'segredo123');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));

    expect(await screen.findByText('E-mail ou senha incorretos')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).not.toHaveAttribute('aria-invalid');
    expect(calls).toHaveLength(1);
  });
});

describe('Criar conta', () => {
  it('when the account is created, then the user is signed in and welcomed by name', async () => {
    stubApi(() => ({
      status: 201,
      data: {
        success: true,
        token: 'jwt',
        user: { _id: 'usr_1', name: 'Ana Souza', email: 'ana@example.com', imageUrl: '' },
      },
    }));
    const { user, onSignedIn, onClose } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    await user.type(screen.getByLabelText('Nome'), 'Ana Souza');
    await user.type(screen.getByLabelText('E-mail'), 'ana@example.com');
    await user.type(screen.getByLabelText('Senha'), 'segredo-123');
    await user.click(screen.getAllByRole('button', { name: 'Criar conta' }).at(-1)!);

    expect(await screen.findByText('Conta criada. Boas-vindas, Ana!')).toBeInTheDocument();
    expect(onSignedIn).toHaveBeenCalledWith('jwt', expect.objectContaining({ name: 'Ana Souza' }));
    expect(onClose).toHaveBeenCalled();
  });
});
