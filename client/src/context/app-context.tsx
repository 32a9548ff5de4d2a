import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { UserData, UserDataResponse } from '@aprendiz/contract/auth';
import type { ErrorResponse } from '@aprendiz/contract/common';
import type { EnrolledCourse, EnrolledCoursesResponse } from '@aprendiz/contract/learning';
import { useAuthUser } from '../auth/auth-context';
import { notify } from '../components/toast';
import { env } from '../config/env';
import { errorMessage, serverMessage } from '../lib/error-message';
import { loadApi } from '../lib/load-api';

export type EnrolledStatus = 'idle' | 'loading' | 'ready' | 'error';

export type AppContextValue = {
  currency: string;
  brand: string;
  userData: UserData | null;
  fetchUserData: () => Promise<void>;
  isEducator: boolean;
  setIsEducator: (isEducator: boolean) => void;
  /** Most recent enrollment first, as the server sends them. */
  enrolledCourses: EnrolledCourse[];
  enrolledStatus: EnrolledStatus;
  fetchUserEnrolledCourses: () => Promise<void>;
};

export const AppContext = createContext<AppContextValue | null>(null);

export function useAppContext(): AppContextValue {
  const value = useContext(AppContext);
  if (!value) throw new Error('useAppContext needs an AppContextProvider above it');
  return value;
}

const NO_ENROLLED_COURSES = 'No enrolled courses found.';

/**
 * The signed-in user's data and enrollments, and the educator flag (spec §4). The catalogue is not
 * here: each public page's loader reads what it shows.
 */
export function AppContextProvider({ children }: { children: ReactNode }) {
  const { user } = useAuthUser();
  const userId = user?.id ?? null;
  // The user a response belongs to: an answer that arrives after sign-out (or a switch of account) is dropped.
  const currentUserId = useRef<string | null>(userId);

  const [userData, setUserData] = useState<UserData | null>(null);
  const [isEducator, setIsEducator] = useState(false);
  const [enrolledCourses, setEnrolledCourses] = useState<EnrolledCourse[]>([]);
  const [enrolledStatus, setEnrolledStatus] = useState<EnrolledStatus>('idle');

  const fetchUserData = useCallback(async () => {
    const id = currentUserId.current;
    if (!id) return;
    try {
      const api = await loadApi();
      const { data } = await api.get<UserDataResponse | ErrorResponse>('/api/user/data');
      if (currentUserId.current !== id) return;
      if (data.success) {
        setUserData(data.user);
        setIsEducator(data.user.role === 'educator');
      } else {
        notify.error(data.message);
      }
    } catch (err) {
      if (currentUserId.current === id) notify.error(errorMessage(err));
    }
  }, []);

  const fetchUserEnrolledCourses = useCallback(async () => {
    const id = currentUserId.current;
    if (!id) return;
    setEnrolledStatus((status) => (status === 'ready' ? status : 'loading'));
    try {
      const api = await loadApi();
      const { data } = await api.get<EnrolledCoursesResponse | ErrorResponse>(
        '/api/user/enrolled-courses',
      );
      if (currentUserId.current !== id) return;
      if (data.success) {
        setEnrolledCourses(data.enrolledCourses);
        setEnrolledStatus('ready');
      } else {
        notify.error(data.message || NO_ENROLLED_COURSES);
        setEnrolledStatus('error');
      }
    } catch (err) {
      if (currentUserId.current !== id) return;
      notify.error(serverMessage(err) ?? NO_ENROLLED_COURSES);
      setEnrolledStatus('error');
    }
  }, []);

  useEffect(() => {
    currentUserId.current = userId;
    setUserData(null);
    setIsEducator(false);
    // The same empty list when there was none: a new one would update every reader of the context, and
    // a server-rendered part still waiting for its code would have to be rendered again (issue 14).
    setEnrolledCourses((current) => (current.length === 0 ? current : []));
    setEnrolledStatus('idle');
    if (userId) {
      void fetchUserData();
      void fetchUserEnrolledCourses();
    }
  }, [userId, fetchUserData, fetchUserEnrolledCourses]);

  const value = useMemo<AppContextValue>(
    () => ({
      currency: env.currency,
      brand: env.brand,
      userData,
      fetchUserData,
      isEducator,
      setIsEducator,
      enrolledCourses,
      enrolledStatus,
      fetchUserEnrolledCourses,
    }),
    [
      userData,
      fetchUserData,
      isEducator,
      enrolledCourses,
      enrolledStatus,
      fetchUserEnrolledCourses,
    ],
  );

  return <AppContext.Provider value={value}>{children}</AppContext.Provider>;
}
