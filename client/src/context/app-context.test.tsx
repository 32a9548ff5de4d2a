import { render, screen, waitFor } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ToastHost } from '../app/toast-host';
import { AuthContext, type AuthContextValue, type AuthUser } from '../auth/auth-context';
import { networkError, stubApi, type StubHandler } from '../test/api-stub';
import { testUser } from '../test/render';
import { AppContextProvider, useAppContext } from './app-context';

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
      <dt>enrolled</dt>
      <dd data-testid="enrolled">{`${ctx.enrolledStatus}:${ctx.enrolledCourses.length}`}</dd>
    </dl>
  );
}

/** Stand-in auth whose user the test can change through the returned setter. */
function renderContext(handler: StubHandler, initialUser: AuthUser | null = null) {
  const { calls } = stubApi(handler);
  let setUser: (user: AuthUser | null) => void = () => {};
  function Auth({ children }: { children: ReactNode }) {
    const [user, set] = useState(initialUser);
    setUser = set;
    const value: AuthContextValue = {
      user,
      isLoaded: true,
      getToken: async () => (user ? 'tok' : null),
      openSignIn: vi.fn(),
      signOut: async () => set(null),
    };
    return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
  }
  render(
    <Auth>
      <AppContextProvider>
        <Probe />
        <ToastHost />
      </AppContextProvider>
    </Auth>,
  );
  return { calls, setUser: (user: AuthUser | null) => setUser(user) };
}

const ok = (data: unknown) => ({ data: { success: true, ...(data as object) } });

describe('AppContextProvider', () => {
  it("when nobody is signed in, then nothing is requested: the catalogue is the pages' to load", async () => {
    const { calls } = renderContext(() => ok({}));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toEqual([]);
    expect(screen.getByTestId('user')).toHaveTextContent('none');
    expect(screen.getByTestId('enrolled')).toHaveTextContent('idle:0');
  });

  it('when an educator is signed in, then their data and enrollments load and the educator flag is set', async () => {
    renderContext(({ url }) => {
      if (url === '/api/user/data') return ok({ user: userData('educator') });
      if (url === '/api/user/enrolled-courses')
        return ok({ enrolledCourses: [{ ...course, lectureCompleted: [] }] });
      throw new Error(`unexpected request: ${url}`);
    }, testUser);
    await waitFor(() => expect(screen.getByTestId('educator')).toHaveTextContent('true'));
    expect(screen.getByTestId('user')).toHaveTextContent(course._id);
    await waitFor(() => expect(screen.getByTestId('enrolled')).toHaveTextContent('ready:1'));
  });

  it('when a student is signed in, then the educator flag stays false', async () => {
    renderContext(({ url }) => {
      if (url === '/api/user/data') return ok({ user: userData('student') });
      if (url === '/api/user/enrolled-courses') return ok({ enrolledCourses: [] });
      throw new Error(`unexpected request: ${url}`);
    }, testUser);
    await waitFor(() => expect(screen.getByTestId('user')).toHaveTextContent(course._id));
    expect(screen.getByTestId('educator')).toHaveTextContent('false');
  });

  it('when the enrolled courses fail with no server message, then "No enrolled courses found." is shown', async () => {
    renderContext(({ url }) => {
      if (url === '/api/user/data') return ok({ user: userData('student') });
      if (url === '/api/user/enrolled-courses') throw networkError();
      throw new Error(`unexpected request: ${url}`);
    }, testUser);
    expect(await screen.findByText('No enrolled courses found.')).toBeInTheDocument();
    expect(screen.getByTestId('enrolled')).toHaveTextContent('error:0');
  });

  it('when the enrolled courses fail with a server message, then that message is shown', async () => {
    renderContext(({ url }) => {
      if (url === '/api/user/data') return ok({ user: userData('student') });
      if (url === '/api/user/enrolled-courses')
        return { status: 503, data: { success: false, message: 'Base de dados indisponível' } };
      throw new Error(`unexpected request: ${url}`);
    }, testUser);
    expect(await screen.findByText('Base de dados indisponível')).toBeInTheDocument();
  });

  it('when the user signs out, then their data, enrollments and educator flag are cleared', async () => {
    const { setUser } = renderContext(({ url }) => {
      if (url === '/api/user/data') return ok({ user: userData('educator') });
      if (url === '/api/user/enrolled-courses')
        return ok({ enrolledCourses: [{ ...course, lectureCompleted: [] }] });
      throw new Error(`unexpected request: ${url}`);
    }, testUser);
    await waitFor(() => expect(screen.getByTestId('enrolled')).toHaveTextContent('ready:1'));
    setUser(null);
    await waitFor(() => expect(screen.getByTestId('user')).toHaveTextContent('none'));
    expect(screen.getByTestId('educator')).toHaveTextContent('false');
    expect(screen.getByTestId('enrolled')).toHaveTextContent('idle:0');
  });

  it('when user data arrives after the user signed out, then it is dropped', async () => {
    let answerUserData: (value: { data: unknown }) => void = () => {};
    const { setUser } = renderContext(({ url }) => {
      if (url === '/api/user/data') return new Promise((resolve) => (answerUserData = resolve));
      if (url === '/api/user/enrolled-courses') return ok({ enrolledCourses: [] });
      throw new Error(`unexpected request: ${url}`);
    }, testUser);
    await waitFor(() => expect(screen.getByTestId('enrolled')).toHaveTextContent('ready:0'));
    setUser(null);
    await waitFor(() => expect(screen.getByTestId('enrolled')).toHaveTextContent('idle:0'));
    answerUserData(ok({ user: userData('educator') }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByTestId('user')).toHaveTextContent('none');
    expect(screen.getByTestId('educator')).toHaveTextContent('false');
  });
});
