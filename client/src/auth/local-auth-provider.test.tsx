import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router-dom';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AppRoot } from '../app/app-root';
import { ToastHost } from '../app/toast-host';
import { notify, SIGN_IN_PROMPT } from '../components/toast';
import { useAppContext } from '../context/app-context';
import { loadRoot, ROOT_ROUTE_ID } from '../context/root-route';
import { rootPolicy as shouldRevalidateRoot } from '../data/revalidation';
import { api } from '../lib/api-client';
import { stubApi } from '../test/api-stub';
import { useAuthActions, useAuthUser } from './auth-context';
import { LocalAuthProvider } from './local-auth-provider';
import { TOKEN_KEY, USER_KEY } from './session-storage';

const serverUser = {
  _id: 'usr_1',
  name: 'Ana Souza',
  email: 'ana@example.com',
  imageUrl: '',
  role: 'student',
};

function Consumer() {
  const { user } = useAuthUser();
  const { openSignIn, signOut } = useAuthActions();
  return (
    <>
      <p data-testid="who">{user ? user.name : 'ninguém'}</p>
      <button type="button" onClick={() => openSignIn()}>
        Começar
      </button>
      <button type="button" onClick={() => openSignIn('/course/c1?continuar=comprar')}>
        Acessar Curso
      </button>
      <button type="button" onClick={() => void signOut()}>
        Sair
      </button>
    </>
  );
}

/** The provider under a router, as in main.tsx; `navigate` records where sign-in sends the page. */
function renderProvider(navigate = vi.fn()) {
  const user = userEvent.setup();
  render(
    <MemoryRouter>
      <LocalAuthProvider navigate={navigate}>
        <Consumer />
      </LocalAuthProvider>
    </MemoryRouter>,
  );
  return user;
}

async function signInAs(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('E-mail'), 'ana@example.com');
  await user.type(screen.getByLabelText('Senha'), 'segredo-123');
  await user.click(screen.getByRole('button', { name: 'Entrar' }));
}

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Começar' }));
  return screen.findByRole('dialog', { name: 'Entrar' });
}

describe('local sign-in dialog', () => {
  it('when the user signs in, then the token is stored, the dialog closes and the user is signed in', async () => {
    const { calls } = stubApi(() => ({
      data: { success: true, token: 'tok-1', user: serverUser },
    }));
    const user = renderProvider();
    await openDialog(user);
    await user.type(screen.getByLabelText('E-mail'), 'ana@example.com');
    await user.type(screen.getByLabelText('Senha'), 'segredo-123');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/api/auth/sign-in',
      body: { email: 'ana@example.com', password: 'segredo-123' },
    });
    expect(localStorage.getItem(TOKEN_KEY)).toBe('tok-1');
    expect(screen.getByTestId('who')).toHaveTextContent('Ana Souza');
  });

  it('when the buy button had asked to sign in, then its toast goes once the visitor is signed in', async () => {
    stubApi(() => ({ data: { success: true, token: 'tok-3', user: serverUser } }));
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <LocalAuthProvider navigate={vi.fn()}>
          <Consumer />
          <ToastHost />
        </LocalAuthProvider>
      </MemoryRouter>,
    );
    act(() => notify.warning('Faça login para se inscrever!', { key: SIGN_IN_PROMPT }));
    expect(await screen.findByText('Faça login para se inscrever!')).toBeInTheDocument();
    await openDialog(user);
    await signInAs(user);
    await waitFor(() => expect(screen.getByTestId('who')).toHaveTextContent('Ana Souza'));
    // Leaving: react-toastify marks it out and plays its exit, which jsdom never runs to its end.
    await waitFor(() =>
      expect(
        screen.getByText('Faça login para se inscrever!').closest('.Toastify__toast'),
      ).toHaveAttribute('data-in', 'false'),
    );
  });

  it('when signed in, then later API calls carry the token as a bearer header', async () => {
    const { calls } = stubApi(() => ({
      data: { success: true, token: 'tok-2', user: serverUser },
    }));
    const user = renderProvider();
    await openDialog(user);
    await user.type(screen.getByLabelText('E-mail'), 'ana@example.com');
    await user.type(screen.getByLabelText('Senha'), 'segredo-123');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(screen.getByTestId('who')).toHaveTextContent('Ana Souza'));

    await api.get('/api/user/data');
    expect(calls[0].headers.get('Authorization')).toBeUndefined();
    expect(calls[1].headers.get('Authorization')).toBe('Bearer tok-2');
  });

  it('when the user switches to sign-up, then the form asks for Nome, E-mail and Senha and creates the account', async () => {
    const { calls } = stubApi(() => ({
      status: 201,
      data: { success: true, token: 'tok-3', user: serverUser },
    }));
    const user = renderProvider();
    await openDialog(user);
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));

    expect(screen.getByRole('dialog', { name: 'Criar conta' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Nome'), 'Ana Souza');
    await user.type(screen.getByLabelText('E-mail'), 'ana@example.com');
    await user.type(screen.getByLabelText('Senha'), 'segredo-123');
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls[0]).toMatchObject({
      url: '/api/auth/sign-up',
      body: { name: 'Ana Souza', email: 'ana@example.com', password: 'segredo-123' },
    });
    expect(localStorage.getItem(TOKEN_KEY)).toBe('tok-3');
  });

  it('when on sign-up, then "Já tem conta? Entrar" goes back to sign-in', async () => {
    const user = renderProvider();
    await openDialog(user);
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(screen.getByRole('dialog', { name: 'Entrar' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Nome')).not.toBeInTheDocument();
  });

  it('when the server refuses, then its message shows under the form and nothing is stored', async () => {
    stubApi(() => ({
      status: 401,
      data: { success: false, message: 'E-mail ou senha incorretos' },
    }));
    const user = renderProvider();
    await openDialog(user);
    await user.type(screen.getByLabelText('E-mail'), 'ana@example.com');
    await user.type(screen.getByLabelText('Senha'), 'errada');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('E-mail ou senha incorretos');
    expect(screen.getByRole('dialog', { name: 'Entrar' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Entrar' })).toBeEnabled();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('when the request is in flight, then the submit button is disabled', async () => {
    let answer: (value: { data: unknown }) => void = () => {};
    stubApi(() => new Promise((resolve) => (answer = resolve)));
    const user = renderProvider();
    await openDialog(user);
    await user.type(screen.getByLabelText('E-mail'), 'ana@example.com');
    await user.type(screen.getByLabelText('Senha'), 'segredo-123');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));

    expect(screen.getByRole('button', { name: 'Entrando…' })).toBeDisabled();
    answer({ data: { success: true, token: 'tok-4', user: serverUser } });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('when sign-in was opened to return somewhere, then signing in replaces the address with it', async () => {
    stubApi(() => ({ data: { success: true, token: 'tok-5', user: serverUser } }));
    const navigate = vi.fn();
    const user = renderProvider(navigate);
    await user.click(screen.getByRole('button', { name: 'Acessar Curso' }));
    await signInAs(user);
    await waitFor(() => expect(screen.getByTestId('who')).toHaveTextContent('Ana Souza'));
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/course/c1?continuar=comprar', { replace: true });
  });

  it('when an account is created from there, then the address is replaced the same way', async () => {
    stubApi(() => ({ status: 201, data: { success: true, token: 'tok-6', user: serverUser } }));
    const navigate = vi.fn();
    const user = renderProvider(navigate);
    await user.click(screen.getByRole('button', { name: 'Acessar Curso' }));
    await user.click(await screen.findByRole('button', { name: 'Criar conta' }));
    await user.type(screen.getByLabelText('Nome'), 'Ana Souza');
    await user.type(screen.getByLabelText('E-mail'), 'ana@example.com');
    await user.type(screen.getByLabelText('Senha'), 'segredo-123');
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    await waitFor(() => expect(screen.getByTestId('who')).toHaveTextContent('Ana Souza'));
    expect(navigate).toHaveBeenCalledWith('/course/c1?continuar=comprar', { replace: true });
  });

  it('when sign-in was opened plainly, or closed without signing in, then the address stays', async () => {
    stubApi(() => ({ data: { success: true, token: 'tok-7', user: serverUser } }));
    const navigate = vi.fn();
    const user = renderProvider(navigate);
    await user.click(screen.getByRole('button', { name: 'Acessar Curso' }));
    await user.keyboard('{Escape}');
    await openDialog(user);
    await signInAs(user);
    await waitFor(() => expect(screen.getByTestId('who')).toHaveTextContent('Ana Souza'));
    expect(navigate).not.toHaveBeenCalled();
  });

  it('when Esc is pressed, then the dialog closes without signing in', async () => {
    const user = renderProvider();
    await openDialog(user);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('who')).toHaveTextContent('ninguém');
  });
});

describe('local session', () => {
  function storeSession() {
    localStorage.setItem(TOKEN_KEY, 'stored-token');
    localStorage.setItem(
      USER_KEY,
      JSON.stringify({ id: 'usr_1', name: 'Ana Souza', email: 'ana@example.com', imageUrl: '' }),
    );
  }

  it('when a session was stored by an earlier visit, then the user is signed in at once', () => {
    storeSession();
    stubApi(() => ({ data: { success: true, courses: [] } }));
    renderProvider();
    expect(screen.getByTestId('who')).toHaveTextContent('Ana Souza');
  });

  it('when the user signs out, then the stored session is removed', async () => {
    storeSession();
    stubApi(() => ({ data: { success: true, message: 'Sessão terminada' } }));
    const user = renderProvider();
    await user.click(screen.getByRole('button', { name: 'Sair' }));
    await waitFor(() => expect(screen.getByTestId('who')).toHaveTextContent('ninguém'));
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('when the stored token is refused by GET /api/user/data on load, then the user is signed out', async () => {
    storeSession();
    const { calls } = stubApi(({ url }) =>
      url === '/api/course/teaser'
        ? { data: { success: true, courses: [] } }
        : { status: 401, data: { success: false, message: 'Sessão expirada' } },
    );
    function Role() {
      const { userData } = useAppContext();
      return <p>{userData ? 'com dados' : 'sem dados'}</p>;
    }
    // As in main.tsx: the provider above a router whose root loader reads the user data.
    const router = createMemoryRouter([
      {
        id: ROOT_ROUTE_ID,
        loader: loadRoot,
        shouldRevalidate: shouldRevalidateRoot,
        element: <AppRoot />,
        HydrateFallback: () => null,
        children: [
          {
            index: true,
            element: (
              <>
                <Consumer />
                <Role />
              </>
            ),
          },
        ],
      },
    ]);
    render(
      <LocalAuthProvider navigate={router.navigate}>
        <RouterProvider router={router} />
      </LocalAuthProvider>,
    );

    await waitFor(() => expect(screen.getByTestId('who')).toHaveTextContent('ninguém'));
    const userDataCall = calls.find((call) => call.url === '/api/user/data');
    expect(userDataCall?.headers.get('Authorization')).toBe('Bearer stored-token');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });
});
