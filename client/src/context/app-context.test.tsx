import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useCallback, useState, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { AppRoot } from '../app/app-root';
import {
  AuthContext,
  useApiAuthBridge,
  type AuthContextValue,
  type AuthUser,
} from '../auth/auth-context';
import { loadRoot, ROOT_ROUTE_ID } from './root-route';
import { rootPolicy as shouldRevalidateRoot } from '../data/revalidation';
import { networkError, stubApi, type StubHandler } from '../test/api-stub';
import type { Storefront } from '@aprendiz/contract/rendering';
import { StorefrontContext } from '../config/storefront';
import { LOADED, TEST_STOREFRONT, testUser } from '../test/render';
import { useAppContext } from './app-context';

const course = {
  _id: '5b4c1f52-5f1a-4c53-9a57-2a8e6a3f1c11',
  courseTitle: 'React do zero',
  courseThumbnail: '/uploads/react.webp',
  coursePrice: 50,
  discount: 10,
  educator: { _id: 'usr_edu', name: 'Bruno Lima', imageUrl: '' },
  studentCount: 3,
  ratingCount: 1,
  averageRating: 4,
  meanRating: 4,
  totalLectures: 2,
  totalDuration: 30,
  createdAt: '2025-04-11T00:00:00.000Z',
};

function userData(role: 'student' | 'educator') {
  return {
    _id: testUser.id,
    name: testUser.name,
    email: testUser.email,
    imageUrl: '',
    role,
    enrolledCourses: [course._id],
  };
}

function Probe() {
  const ctx = useAppContext();
  return (
    <dl>
      <dt>user</dt>
      <dd data-testid="user">{ctx.userData ? ctx.userData.enrolledCourses.join(',') : 'none'}</dd>
      <dt>educator</dt>
      <dd data-testid="educator">{String(ctx.isEducator)}</dd>
      <dt>currency</dt>
      <dd data-testid="currency">{ctx.currency}</dd>
      <dt>enrolled</dt>
      <dd data-testid="enrolled">{`${ctx.enrolledStatus}:${ctx.enrolledCourses.length}`}</dd>
      <dd>
        <button type="button" onClick={() => void ctx.refreshSignedIn()}>
          Ler de novo
        </button>
        <button type="button" onClick={() => ctx.setIsEducator(true)}>
          Tornar-se educador
        </button>
      </dd>
    </dl>
  );
}

function Fallback() {
  return <p>a carregar</p>;
}

type Session = { user: AuthUser | null; isLoaded: boolean };

/**
 * The app's root route (its loader, AppRoot) under a stand-in auth provider above the router, as in
 * main.tsx; the test changes who is signed in through the returned setter.
 */
function renderContext(
  handler: StubHandler,
  initial: Partial<Session> = {},
  storefront: Storefront = TEST_STOREFRONT,
) {
  const { calls } = stubApi(handler);
  let setSession: (session: Session) => void = () => {};
  function Auth({ children }: { children: ReactNode }) {
    const [session, set] = useState<Session>({ user: null, isLoaded: true, ...initial });
    setSession = set;
    const { user, isLoaded } = session;
    const getToken = useCallback(async () => (user ? `tok-${user.id}` : null), [user]);
    const signOut = useCallback(async () => set({ user: null, isLoaded: true }), []);
    useApiAuthBridge({ userId: user?.id ?? null, isLoaded, getToken, endSession: signOut });
    const value: AuthContextValue = { user, isLoaded, getToken, openSignIn: vi.fn(), signOut };
    return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
  }
  const router = createMemoryRouter([
    {
      id: ROOT_ROUTE_ID,
      loader: loadRoot,
      shouldRevalidate: shouldRevalidateRoot,
      element: <AppRoot />,
      HydrateFallback: Fallback,
      children: [{ index: true, element: <Probe /> }],
    },
  ]);
  render(
    <StorefrontContext value={storefront}>
      <Auth>
        <RouterProvider router={router} />
      </Auth>
    </StorefrontContext>,
  );
  return {
    calls,
    setUser: (user: AuthUser | null) => act(() => setSession({ user, isLoaded: true })),
    setLoaded: () => act(() => setSession({ user: initial.user ?? null, isLoaded: true })),
  };
}

const ok = (data: unknown) => ({ data: { success: true, ...(data as object) } });

describe('the root loader and the AppContext', { timeout: 20_000 }, () => {
  it("when nobody is signed in, then nothing is requested: the catalogue is the pages' to load", async () => {
    const { calls } = renderContext(() => ok({}));
    expect(await screen.findByTestId('user', {}, LOADED)).toHaveTextContent('none');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toEqual([]);
    expect(screen.getByTestId('enrolled')).toHaveTextContent('idle:0');
  });

  it('when the page says the server charges in euros, then the context labels prices €', async () => {
    renderContext(() => ok({}), {}, { currency: 'eur', methods: ['card', 'mb_way'] });
    expect(await screen.findByTestId('currency', {}, LOADED)).toHaveTextContent('€');
  });

  it('when the page carries the kwanza storefront, then the context labels prices Kz', async () => {
    renderContext(() => ok({}));
    expect(await screen.findByTestId('currency', {}, LOADED)).toHaveTextContent('Kz');
  });

  it('when an educator is signed in, then their data and enrollments load and the educator flag is set', async () => {
    renderContext(
      ({ url }) => {
        if (url === '/api/user/data') return ok({ user: userData('educator') });
        if (url === '/api/user/enrolled-courses')
          return ok({ enrolledCourses: [{ ...course, lectureCompleted: [] }] });
        throw new Error(`unexpected request: ${url}`);
      },
      { user: testUser },
    );
    await waitFor(() => expect(screen.getByTestId('educator')).toHaveTextContent('true'));
    expect(screen.getByTestId('user')).toHaveTextContent(course._id);
    await waitFor(() => expect(screen.getByTestId('enrolled')).toHaveTextContent('ready:1'));
  });

  it('when a student is signed in, then the educator flag stays false', async () => {
    renderContext(
      ({ url }) => {
        if (url === '/api/user/data') return ok({ user: userData('student') });
        if (url === '/api/user/enrolled-courses') return ok({ enrolledCourses: [] });
        throw new Error(`unexpected request: ${url}`);
      },
      { user: testUser },
    );
    await waitFor(() => expect(screen.getByTestId('user')).toHaveTextContent(course._id));
    expect(screen.getByTestId('educator')).toHaveTextContent('false');
  });

  it('when the enrolled courses fail with no server message, then "No enrolled courses found." is shown', async () => {
    renderContext(
      ({ url }) => {
        if (url === '/api/user/data') return ok({ user: userData('student') });
        if (url === '/api/user/enrolled-courses') throw networkError();
        throw new Error(`unexpected request: ${url}`);
      },
      { user: testUser },
    );
    expect(await screen.findByText('No enrolled courses found.')).toBeInTheDocument();
    expect(screen.getByTestId('enrolled')).toHaveTextContent('error:0');
  });

  it('when the enrolled courses fail with a server message, then that message is shown', async () => {
    renderContext(
      ({ url }) => {
        if (url === '/api/user/data') return ok({ user: userData('student') });
        if (url === '/api/user/enrolled-courses')
          return { status: 503, data: { success: false, message: 'Banco de dados indisponível' } };
        throw new Error(`unexpected request: ${url}`);
      },
      { user: testUser },
    );
    expect(await screen.findByText('Banco de dados indisponível')).toBeInTheDocument();
  });

  it('when the user signs out, then their data, enrollments and educator flag are cleared', async () => {
    const { setUser } = renderContext(
      ({ url }) => {
        if (url === '/api/user/data') return ok({ user: userData('educator') });
        if (url === '/api/user/enrolled-courses')
          return ok({ enrolledCourses: [{ ...course, lectureCompleted: [] }] });
        throw new Error(`unexpected request: ${url}`);
      },
      { user: testUser },
    );
    await waitFor(() => expect(screen.getByTestId('enrolled')).toHaveTextContent('ready:1'));
    setUser(null);
    await waitFor(() => expect(screen.getByTestId('user')).toHaveTextContent('none'));
    expect(screen.getByTestId('educator')).toHaveTextContent('false');
    expect(screen.getByTestId('enrolled')).toHaveTextContent('idle:0');
  });

  it('when user data arrives after the user signed out, then it is dropped', async () => {
    let answerUserData: (value: { data: unknown }) => void = () => {};
    let reads = 0;
    const { setUser } = renderContext(
      ({ url }) => {
        if (url === '/api/user/data') {
          reads += 1;
          if (reads === 1) return ok({ user: userData('student') });
          return new Promise((resolve) => (answerUserData = resolve));
        }
        return ok({ enrolledCourses: [] });
      },
      { user: testUser },
    );
    await waitFor(() => expect(screen.getByTestId('enrolled')).toHaveTextContent('ready:0'));
    await userEvent.click(screen.getByRole('button', { name: 'Ler de novo' }));
    await waitFor(() => expect(reads).toBe(2));
    setUser(null);
    await waitFor(() => expect(screen.getByTestId('enrolled')).toHaveTextContent('idle:0'));
    answerUserData(ok({ user: userData('educator') }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByTestId('user')).toHaveTextContent('none');
    expect(screen.getByTestId('educator')).toHaveTextContent('false');
  });

  it('when the provider does not know yet who is signed in, then the root loader waits for it and reads with the token', async () => {
    const { calls, setLoaded } = renderContext(
      ({ url }) => {
        if (url === '/api/user/data') return ok({ user: userData('student') });
        return ok({ enrolledCourses: [{ ...course, lectureCompleted: [] }] });
      },
      { user: testUser, isLoaded: false },
    );
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(screen.getByText('a carregar')).toBeInTheDocument();
    expect(calls).toEqual([]);
    setLoaded();
    await waitFor(() => expect(screen.getByTestId('enrolled')).toHaveTextContent('ready:1'));
    expect(calls.map((call) => call.headers.get('Authorization'))).toEqual([
      'Bearer tok-usr_test',
      'Bearer tok-usr_test',
    ]);
  });

  it('when someone signs in, then the root loader reads their data; when another account signs in, then theirs', async () => {
    const other: AuthUser = { ...testUser, id: 'usr_other', name: 'Rui Lopes' };
    const { calls, setUser } = renderContext(({ url, headers }) => {
      const mine = headers.get('Authorization') === 'Bearer tok-usr_test';
      if (url === '/api/user/data') return ok({ user: userData(mine ? 'educator' : 'student') });
      return ok({ enrolledCourses: mine ? [{ ...course, lectureCompleted: [] }] : [] });
    });
    expect(await screen.findByTestId('enrolled', {}, LOADED)).toHaveTextContent('idle:0');
    expect(calls).toEqual([]);
    setUser(testUser);
    await waitFor(() => expect(screen.getByTestId('enrolled')).toHaveTextContent('ready:1'));
    expect(screen.getByTestId('educator')).toHaveTextContent('true');
    setUser(other);
    await waitFor(() => expect(screen.getByTestId('enrolled')).toHaveTextContent('ready:0'));
    expect(screen.getByTestId('educator')).toHaveTextContent('false');
    expect(calls.at(-1)?.headers.get('Authorization')).toBe('Bearer tok-usr_other');
  });

  it('when the enrollments are asked for again, then the root loader reads them again', async () => {
    let enrolled: unknown[] = [];
    const { calls } = renderContext(
      ({ url }) => {
        if (url === '/api/user/data') return ok({ user: userData('student') });
        return ok({ enrolledCourses: enrolled });
      },
      { user: testUser },
    );
    await waitFor(() => expect(screen.getByTestId('enrolled')).toHaveTextContent('ready:0'));
    enrolled = [{ ...course, lectureCompleted: [] }];
    await userEvent.click(screen.getByRole('button', { name: 'Ler de novo' }));
    await waitFor(() => expect(screen.getByTestId('enrolled')).toHaveTextContent('ready:1'));
    expect(calls.filter((call) => call.url === '/api/user/enrolled-courses')).toHaveLength(2);
  });

  it('when the user data fails, then the server’s message is toasted and no data is shown', async () => {
    renderContext(
      ({ url }) => {
        if (url === '/api/user/data')
          return { status: 500, data: { success: false, message: 'Falha ao ler o utilizador' } };
        return ok({ enrolledCourses: [] });
      },
      { user: testUser },
    );
    expect(await screen.findByText('Falha ao ler o utilizador', {}, LOADED)).toBeInTheDocument();
    expect(screen.getByTestId('user')).toHaveTextContent('none');
    expect(screen.getByTestId('enrolled')).toHaveTextContent('ready:0');
  });

  it('when a student becomes an educator, then the flag is set at once, and another account signing in does not inherit it', async () => {
    const other: AuthUser = { ...testUser, id: 'usr_other', name: 'Rui Lopes' };
    const { setUser } = renderContext(
      ({ url }) => {
        if (url === '/api/user/data') return ok({ user: userData('student') });
        return ok({ enrolledCourses: [] });
      },
      { user: testUser },
    );
    await waitFor(() => expect(screen.getByTestId('enrolled')).toHaveTextContent('ready:0'));
    expect(screen.getByTestId('educator')).toHaveTextContent('false');
    await userEvent.click(screen.getByRole('button', { name: 'Tornar-se educador' }));
    expect(screen.getByTestId('educator')).toHaveTextContent('true');
    setUser(other);
    await waitFor(() => expect(screen.getByTestId('educator')).toHaveTextContent('false'));
    await waitFor(() => expect(screen.getByTestId('enrolled')).toHaveTextContent('ready:0'));
    expect(screen.getByTestId('educator')).toHaveTextContent('false');
  });
});
