import { render, type RenderResult } from '@testing-library/react';
import { domMax, LazyMotion } from 'framer-motion';
import { useState, type ReactElement, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import { ToastHost } from '../app/toast-host';
import {
  AuthContext,
  useApiAuthBridge,
  type AuthContextValue,
  type AuthUser,
} from '../auth/auth-context';
import { AppContext, type AppContextValue } from '../context/app-context';

export const testUser: AuthUser = {
  id: 'usr_test',
  name: 'Ana Souza',
  email: 'ana@example.com',
  imageUrl: '',
};

type RenderOptions = {
  /** The address the MemoryRouter starts at. */
  route?: string;
  /** A route pattern (e.g. '/course/:id'): `ui` is rendered under it, so useParams works. */
  path?: string;
  auth?: Partial<AuthContextValue>;
  app?: Partial<AppContextValue>;
};

export type RenderWithProvidersResult = RenderResult & {
  auth: AuthContextValue;
  app: AppContextValue;
  /** The router's current pathname + search, after any navigation. */
  location: () => string;
};

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location" hidden>{`${location.pathname}${location.search}`}</output>;
}

function TestAuthProvider({ value, children }: { value: AuthContextValue; children: ReactNode }) {
  useApiAuthBridge(value.getToken, value.signOut);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** Holds isEducator in state, so pressing 'Tornar-se educador' re-renders like the real provider. */
function TestAppProvider({ value, children }: { value: AppContextValue; children: ReactNode }) {
  const [isEducator, setIsEducatorState] = useState(value.isEducator);
  const setIsEducator = (next: boolean) => {
    value.setIsEducator(next);
    setIsEducatorState(next);
  };
  return (
    <AppContext.Provider value={{ ...value, isEducator, setIsEducator }}>
      {children}
    </AppContext.Provider>
  );
}

/**
 * Renders `ui` inside a MemoryRouter, a stand-in auth provider and an AppContext value, so a test sets the
 * signed-in state and context directly. Every action is a vi.fn() unless given; toasts render in the DOM.
 */
export function renderWithProviders(
  ui: ReactElement,
  options: RenderOptions = {},
): RenderWithProvidersResult {
  const { route = '/', path, auth: authOverrides = {}, app: appOverrides = {} } = options;
  const signedIn = authOverrides.user != null;
  const auth: AuthContextValue = {
    user: null,
    isLoaded: true,
    getToken: vi.fn(async () => (signedIn ? 'test-token' : null)),
    openSignIn: vi.fn(),
    signOut: vi.fn(async () => {}),
    ...authOverrides,
  };
  const app: AppContextValue = {
    currency: 'Kz',
    brand: 'Aprendiz',
    allCourses: [],
    coursesStatus: 'ready',
    fetchAllCourses: vi.fn(async () => {}),
    userData: null,
    fetchUserData: vi.fn(async () => {}),
    isEducator: false,
    setIsEducator: vi.fn(),
    enrolledCourses: [],
    enrolledStatus: signedIn ? 'ready' : 'idle',
    fetchUserEnrolledCourses: vi.fn(async () => {}),
    ...appOverrides,
  };

  const content = path ? (
    <Routes>
      <Route path={path} element={ui} />
      <Route path="*" element={null} />
    </Routes>
  ) : (
    ui
  );

  const result = render(
    <MemoryRouter initialEntries={[route]}>
      <TestAuthProvider value={auth}>
        <TestAppProvider value={app}>
          <LazyMotion features={domMax}>{content}</LazyMotion>
          <ToastHost />
          <LocationProbe />
        </TestAppProvider>
      </TestAuthProvider>
    </MemoryRouter>,
  );

  return {
    ...result,
    auth,
    app,
    location: () => result.getByTestId('location').textContent ?? '',
  };
}
