import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SignInRequired } from '../components/sign-in-required';
import { api } from '../lib/api-client';
import { stubApi } from '../test/api-stub';
import { useAuthActions, useAuthUser } from './auth-context';
import { LocalAuthProvider } from './local-auth-provider';
import { TOKEN_KEY, USER_KEY } from './session-storage';

/** A page that needs a session, as the profile: its sign-out buttons, or the way to sign in. */
function Profile() {
  const { user } = useAuthUser();
  const { signOut } = useAuthActions();
  if (!user) return <SignInRequired title="Meu perfil" message="Entre para ver o seu perfil." />;
  return (
    <>
      <h1>Olá, {user.name}</h1>
      <button type="button" onClick={() => void signOut()}>
        Sair
      </button>
      <button type="button" onClick={() => void signOut({ endedByServer: true })}>
        Conta fechada
      </button>
    </>
  );
}

function renderAtProfile() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>Página inicial</p> },
      { path: '/profile', element: <Profile /> },
    ],
    { initialEntries: ['/profile'] },
  );
  render(
    <LocalAuthProvider navigate={(to, options) => void router.navigate(to, options)}>
      <RouterProvider router={router} />
    </LocalAuthProvider>,
  );
  return { router, user: userEvent.setup() };
}

/**
 * The dialog is a lazy chunk: once its module is loaded, one flush of React's work shows it if it
 * was asked for, so its absence after that flush means nobody asked.
 */
async function settle() {
  await act(async () => {
    await import('./local-sign-in-dialog');
  });
}

beforeAll(async () => {
  await import('./local-sign-in-dialog');
});

beforeEach(() => {
  localStorage.setItem(TOKEN_KEY, 'stored-token');
  localStorage.setItem(
    USER_KEY,
    JSON.stringify({ id: 'usr_1', name: 'Ana Souza', email: 'ana@example.com', imageUrl: '' }),
  );
});

describe('signing out on purpose from a page that needs a session', () => {
  it('when the server has already ended the session (the account is closing), then nothing is sent with its token, the person goes home and no sign-in dialog opens', async () => {
    const { calls } = stubApi(() => ({ status: 401, data: { success: false, message: 'x' } }));
    const { router, user } = renderAtProfile();
    await user.click(await screen.findByRole('button', { name: 'Conta fechada' }));

    await screen.findByText('Página inicial');
    await settle();
    expect(router.state.location.pathname).toBe('/');
    expect(calls).toEqual([]);
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(screen.queryByRole('dialog', { name: 'Entrar' })).not.toBeInTheDocument();
  });

  it('when a request sent with the old token is refused after the sign-out, then no sign-in dialog opens either', async () => {
    let answerLate: (() => void) | undefined;
    stubApi(
      () =>
        new Promise((resolve) => {
          answerLate = () => resolve({ status: 401, data: { success: false, message: 'x' } });
        }),
    );
    const { user } = renderAtProfile();
    // A read the profile started while signed in, still on its way.
    const late = api.get('/api/account/sessions').catch(() => undefined);
    await user.click(await screen.findByRole('button', { name: 'Conta fechada' }));
    await screen.findByText('Página inicial');
    answerLate?.();
    await late;
    await settle();
    expect(screen.queryByRole('dialog', { name: 'Entrar' })).not.toBeInTheDocument();
  });

  it('when the person presses Sair, then the token is revoked on the server and the page left behind does not ask to sign in', async () => {
    const { calls } = stubApi(() => ({ data: { success: true, message: 'Sessão terminada' } }));
    const { user } = renderAtProfile();
    await user.click(await screen.findByRole('button', { name: 'Sair' }));
    await screen.findByText('Página inicial');
    await settle();
    expect(calls.map((call) => call.url)).toEqual(['/api/auth/sign-out']);
    expect(screen.queryByRole('dialog', { name: 'Entrar' })).not.toBeInTheDocument();
  });

  it('when the server refuses the token of a session nobody ended here, then the page asks to sign in again', async () => {
    stubApi(() => ({ status: 401, data: { success: false, message: 'x' } }));
    renderAtProfile();
    await screen.findByRole('heading', { name: 'Olá, Ana Souza' });
    await api.get('/api/account/sessions').catch(() => undefined);
    expect(await screen.findByRole('dialog', { name: 'Entrar' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Meu perfil' })).toBeInTheDocument();
  });

  it('when the person signs in again after leaving, then a later refusal at the same page asks to sign in', async () => {
    stubApi(() => ({ data: { success: true, message: 'Sessão terminada' } }));
    const { router, user } = renderAtProfile();
    await user.click(await screen.findByRole('button', { name: 'Sair' }));
    await screen.findByText('Página inicial');

    // Signed in again in another tab: this one follows through the storage event.
    act(() => {
      localStorage.setItem(TOKEN_KEY, 'new-token');
      localStorage.setItem(
        USER_KEY,
        JSON.stringify({ id: 'usr_1', name: 'Ana Souza', email: 'ana@example.com', imageUrl: '' }),
      );
      window.dispatchEvent(new StorageEvent('storage', { key: null }));
    });
    await act(() => router.navigate('/profile'));
    await screen.findByRole('heading', { name: 'Olá, Ana Souza' });
    stubApi(() => ({ status: 401, data: { success: false, message: 'x' } }));
    await api.get('/api/account/sessions').catch(() => undefined);
    expect(await screen.findByRole('dialog', { name: 'Entrar' })).toBeInTheDocument();
  });
});
