import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { useRevalidator, useRouteLoaderData } from 'react-router-dom';
import type { UserData } from '@aprendiz/contract/auth';
import type { EnrolledCourseSummary } from '@aprendiz/contract/learning';
import type { RefundedPurchase } from '@aprendiz/contract/payments';
import { useAuthUser } from '../auth/auth-context';
import { env } from '../config/env';
import { usePriceLabel } from '../config/storefront';
import { revalidateForUser, revalidateRoot } from '../data/revalidation';
import { ROOT_ROUTE_ID } from './root-route';
import type { RootData } from './root-loader';

export type EnrolledStatus = 'idle' | 'loading' | 'ready' | 'error';

export type AppContextValue = {
  currency: string;
  brand: string;
  userData: UserData | null;
  /**
   * After a change to them (an enrollment, a rating, becoming an educator): reads the signed-in
   * user's data and enrollments again (the root loader); resolves once they have been read.
   */
  refreshSignedIn: () => Promise<void>;
  isEducator: boolean;
  /** Shows the educator area at once after 'Tornar-se educador', before the user data is read again. */
  setIsEducator: (isEducator: boolean) => void;
  /** Most recent enrollment first, as the server sends them. */
  enrolledCourses: EnrolledCourseSummary[];
  enrolledStatus: EnrolledStatus;
  /** Courses given back, most recent first: My Courses keeps them as 'Reembolsado' rows. */
  refundedPurchases: RefundedPurchase[];
};

export const AppContext = createContext<AppContextValue | null>(null);

export function useAppContext(): AppContextValue {
  const value = useContext(AppContext);
  if (!value) throw new Error('useAppContext needs an AppContextProvider above it');
  return value;
}

// The same empty list every time: a new one would update every reader of the context.
const NO_COURSES: EnrolledCourseSummary[] = [];
const NO_REFUNDS: RefundedPurchase[] = [];

/**
 * The signed-in user's data and enrollments, and the educator flag, as the root route's
 * loader read them. The catalogue is not here: each public page's loader reads what it shows.
 */
export function AppContextProvider({ children }: { children: ReactNode }) {
  const { user } = useAuthUser();
  const userId = user?.id ?? null;
  const root = useRouteLoaderData(ROOT_ROUTE_ID) as RootData | undefined;
  const { revalidate, state } = useRevalidator();
  // Becoming an educator opens the area at once, before the user data is read again.
  const [becameEducator, setIsEducator] = useState(false);

  // The loaders read as the signed-in user: when that changes (sign-in, sign-out, another account, or
  // the stored session found after hydrating a page rendered signed out), they read again.
  const stale = (root?.userId ?? null) !== userId && state === 'idle';
  useEffect(() => {
    if (!stale) return;
    setIsEducator(false);
    void revalidateForUser(revalidate);
  }, [stale, revalidate]);

  // Data read for someone else (before a sign-out or a switch of account was read again) is not shown.
  const current = userId !== null && root?.userId === userId ? root : null;
  const userData = current?.userData ?? null;
  const isEducator = userData?.role === 'educator' || (becameEducator && current !== null);
  const enrolled = current?.enrolledCourses ?? null;
  let enrolledStatus: EnrolledStatus = 'idle';
  if (userId !== null) {
    if (!enrolled) enrolledStatus = 'loading';
    else if (enrolled.ok) enrolledStatus = 'ready';
    else enrolledStatus = state === 'loading' ? 'loading' : 'error';
  }
  const enrolledCourses = enrolled?.ok ? enrolled.value : NO_COURSES;
  const refundedPurchases = current?.refundedPurchases ?? NO_REFUNDS;

  const refreshSignedIn = useCallback(() => revalidateRoot(revalidate), [revalidate]);
  const currency = usePriceLabel();

  const value = useMemo<AppContextValue>(
    () => ({
      currency,
      brand: env.brand,
      userData,
      refreshSignedIn,
      isEducator,
      setIsEducator,
      enrolledCourses,
      enrolledStatus,
      refundedPurchases,
    }),
    [
      currency,
      userData,
      refreshSignedIn,
      isEducator,
      enrolledCourses,
      enrolledStatus,
      refundedPurchases,
    ],
  );

  return <AppContext.Provider value={value}>{children}</AppContext.Provider>;
}
