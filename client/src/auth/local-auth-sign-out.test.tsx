import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../lib/api-client';
import { networkError, stubApi } from '../test/api-stub';
import { useAuthActions, useAuthUser, useSessionUpdater } from './auth-context';
import { LocalAuthProvider } from './local-auth-provider';
import { TOKEN_KEY, USER_KEY } from './session-storage';

function Consumer() {
  const { user } = useAuthUser();
  const { signOut } = useAuthActions();
  const updateSession = useSessionUpdater();
  return (
    <>
      <p data-testid="who">{user ? `${user.name} ${user.imageUrl}` : 'ninguém'}</p>
      <button type="button" onClick={() => void signOut()}>
        Sair
      </button>
      <button
        type="button"
        onClick={() =>
          updateSession?.({
            token: 'tok-novo',
            user: { id: 'usr_1', name: 'Ana Nova', email: 'ana@example.com', imageUrl: '/f.webp' },
          })
        }
      >
        Atualizar
      </button>
    </>
  );
}

function renderProvider() {
  render(
    <MemoryRouter>
      <LocalAuthProvider navigate={vi.fn()}>
        <Consumer />
      </LocalAuthProvider>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

beforeEach(() => {
  localStorage.setItem(TOKEN_KEY, 'stored-token');
  localStorage.setItem(
    USER_KEY,
    JSON.stringify({ id: 'usr_1', name: 'Ana Souza', email: 'ana@example.com', imageUrl: '' }),
  );
});

describe('Sair with local accounts', () => {
  it('when the user signs out, then the server revokes the token first, and then the session is cleared', async () => {
    let storedDuringCall: string | null = 'not called';
    const { calls } = stubApi(() => {
      storedDuringCall = localStorage.getItem(TOKEN_KEY);
      return { data: { success: true, message: 'Sessão terminada' } };
    });
    const user = renderProvider();
    await user.click(screen.getByRole('button', { name: 'Sair' }));

    await waitFor(() => expect(screen.getByTestId('who')).toHaveTextContent('ninguém'));
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/auth/sign-out' });
    expect(calls[0]!.headers.get('Authorization')).toBe('Bearer stored-token');
    expect(storedDuringCall).toBe('stored-token');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('when the server cannot be reached, then the session still ends here', async () => {
    stubApi(() => {
      throw networkError();
    });
    const user = renderProvider();
    await user.click(screen.getByRole('button', { name: 'Sair' }));
    await waitFor(() => expect(screen.getByTestId('who')).toHaveTextContent('ninguém'));
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('when a request is refused with 401, then the session ends without a sign-out call', async () => {
    const { calls } = stubApi(() => ({ status: 401, data: { success: false, message: 'x' } }));
    renderProvider();
    await api.get('/api/user/data').catch(() => undefined);
    await waitFor(() => expect(screen.getByTestId('who')).toHaveTextContent('ninguém'));
    expect(calls.map((call) => call.url)).toEqual(['/api/user/data']);
  });

  it('when the profile page updates the session, then the new token and user are kept', async () => {
    const user = renderProvider();
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    expect(screen.getByTestId('who')).toHaveTextContent('Ana Nova /f.webp');
    expect(localStorage.getItem(TOKEN_KEY)).toBe('tok-novo');
    expect(JSON.parse(localStorage.getItem(USER_KEY)!)).toMatchObject({ name: 'Ana Nova' });
  });
});
