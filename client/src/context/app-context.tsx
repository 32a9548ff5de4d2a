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
import type { CourseListResponse, CourseSummary } from '@aprendiz/contract/courses';
import type { EnrolledCourse, EnrolledCoursesResponse } from '@aprendiz/contract/learning';
import { useAuthUser } from '../auth/auth-context';
import { notify } from '../components/toast';
import { env } from '../config/env';
import { errorMessage, serverMessage } from '../lib/error-message';
import { loadApi } from '../lib/load-api';

export type CoursesStatus = 'loading' | 'ready' | 'error';
export type EnrolledStatus = 'idle' | 'loading' | 'ready' | 'error';

export type AppContextValue = {
  currency: string;
  brand: string;
  allCourses: CourseSummary[];
  coursesStatus: CoursesStatus;
  fetchAllCourses: () => Promise<void>;
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

/** The catalogue, the signed-in user's data and enrollments, and the educator flag (spec §4). */
export function AppContextProvider({ children }: { children: ReactNode }) {
  const { user } = useAuthUser();
  const userId = user?.id ?? null;
  // The user a response belongs to: an answer that arrives after sign-out (or a switch of account) is dropped.
  const currentUserId = useRef<string | null>(userId);

  const [allCourses, setAllCourses] = useState<CourseSummary[]>([]);
  const [coursesStatus, setCoursesStatus] = useState<CoursesStatus>('loading');
  const [userData, setUserData] = useState<UserData | null>(null);
  const [isEducator, setIsEducator] = useState(false);
  const [enrolledCourses, setEnrolledCourses] = useState<EnrolledCourse[]>([]);
  const [enrolledStatus, setEnrolledStatus] = useState<EnrolledStatus>('idle');

  const fetchAllCourses = useCallback(async () => {
    setCoursesStatus((status) => (status === 'ready' ? status : 'loading'));
    try {
      const api = await loadApi();
      const { data } = await api.get<CourseListResponse | ErrorResponse>('/api/course/all');
      if (data.success) {
        setAllCourses(data.courses);
        setCoursesStatus('ready');
      } else {
        // Spec §8: a non-success answer to the course list is silent.
        setCoursesStatus('error');
      }
    } catch (err) {
      notify.error(errorMessage(err));
      setCoursesStatus('error');
    }
  }, []);

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
    void fetchAllCourses();
  }, [fetchAllCourses]);

  useEffect(() => {
    currentUserId.current = userId;
    setUserData(null);
    setIsEducator(false);
    setEnrolledCourses([]);
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
      allCourses,
      coursesStatus,
      fetchAllCourses,
      userData,
      fetchUserData,
      isEducator,
      setIsEducator,
      enrolledCourses,
      enrolledStatus,
      fetchUserEnrolledCourses,
    }),
    [
      allCourses,
      coursesStatus,
      fetchAllCourses,
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
