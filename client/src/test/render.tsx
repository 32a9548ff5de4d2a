import { render, type RenderResult } from '@testing-library/react';
import { useState, type ReactElement, type ReactNode } from 'react';
import {
  createMemoryRouter,
  RouterProvider,
  type LoaderFunction,
  type RouteObject,
} from 'react-router-dom';
import { onTestFinished, vi } from 'vitest';
import { ToastHost } from '../app/toast-host';
import {
  AuthContext,
  useApiAuthBridge,
  type AuthContextValue,
  type AuthUser,
} from '../auth/auth-context';
import type { Storefront } from '@aprendiz/contract/rendering';
import { currencyLabel } from '@aprendiz/contract/rules/currency';
import { StorefrontContext } from '../config/storefront';
import { resourceRoute } from '../data/resource';
import { AppContext, type AppContextValue } from '../context/app-context';

export const testUser: AuthUser = {
  id: 'usr_test',
  name: 'Ana Souza',
  email: 'ana@example.com',
  imageUrl: '',
};

/**
 * For a findBy that waits on a route loader and the chunks it loads: under a busy parallel run on
 * two cores, the first answer can take longer than the default second.
 */
export const LOADED = { timeout: 5_000 };

export const TEST_STOREFRONT: Storefront = { currency: 'aoa', methods: ['card'] };

type RenderOptions = {
  /** The address the memory router starts at. */
  route?: string;
  /** Addresses visited before `route`, oldest first: where Back goes. */
  visited?: string[];
  /** A route pattern (e.g. '/course/:id'): `ui` is rendered under it, so useParams works. */
  path?: string;
  /** The page's route loader (pages that read useLoaderData); it runs through the stubbed API. */
  loader?: LoaderFunction;
  /**
   * Several pages, each with its own loader: `ui` is then their layout (render an <Outlet />), and
   * `path` and `loader` are not used.
   */
  routes?: RouteObject[];
  auth?: Partial<AuthContextValue>;
  app?: Partial<AppContextValue>;
  /** What the server would have written onto the page: kwanzas and a card unless given. */
  storefront?: Storefront;
};

export type RenderWithProvidersResult = RenderResult & {
  auth: AuthContextValue;
  app: AppContextValue;
  /** The router's current pathname + search, after any navigation. */
  location: () => string;
};

function NothingYet() {
  return null;
}

function TestAuthProvider({ value, children }: { value: AuthContextValue; children: ReactNode }) {
  useApiAuthBridge({
    userId: value.user?.id ?? null,
    isLoaded: value.isLoaded,
    getToken: value.getToken,
    endSession: value.signOut,
  });
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
 * An AppContext value as the real provider gives it, nothing read yet unless `overrides` says so;
 * every action a vi.fn(). For a test that renders its own provider (to hand in data later).
 */
export function testAppContext(
  overrides: Partial<AppContextValue> = {},
  { signedIn = true, storefront = TEST_STOREFRONT } = {},
): AppContextValue {
  return {
    // As the real provider: the label of the currency the server wrote onto the page.
    currency: currencyLabel(storefront.currency),
    brand: 'Aprendiz',
    userData: null,
    refreshSignedIn: vi.fn(async () => {}),
    isEducator: false,
    setIsEducator: vi.fn(),
    enrolledCourses: [],
    enrolledStatus: signedIn ? 'ready' : 'idle',
    refundedPurchases: [],
    ...overrides,
  };
}

/**
 * Renders `ui` inside a memory data router, a stand-in auth provider and an AppContext value, so a test sets the
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
  const storefront = options.storefront ?? TEST_STOREFRONT;
  const app = testAppContext(appOverrides, { signedIn, storefront });

  const router = createMemoryRouter(
    options.routes
      ? [{ element: ui, HydrateFallback: NothingYet, children: options.routes }, resourceRoute]
      : [
          // What panels read through (data/resource.ts), as the app's router has it.
          resourceRoute,
          {
            path: path ?? '*',
            element: ui,
            loader: options.loader,
            // Nothing shows until the loader has answered; naming that keeps react-router from warning.
            HydrateFallback: NothingYet,
          },
          { path: '*', element: null },
        ],
    { initialEntries: [...(options.visited ?? []), route] },
  );
  // A loader still waiting (for the auth provider, say) is dropped with its test.
  onTestFinished(() => router.dispose());

  const result = render(
    <StorefrontContext value={storefront}>
      <TestAuthProvider value={auth}>
        <TestAppProvider value={app}>
          <RouterProvider router={router} />
          <ToastHost />
        </TestAppProvider>
      </TestAuthProvider>
    </StorefrontContext>,
  );

  return {
    ...result,
    auth,
    app,
    location: () => `${router.state.location.pathname}${router.state.location.search}`,
  };
}
