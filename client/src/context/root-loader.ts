import type { UserData, UserDataResponse } from '@aprendiz/contract/auth';
import type { EnrolledCourseSummary, EnrolledCoursesResponse } from '@aprendiz/contract/learning';
import type { RefundedPurchase } from '@aprendiz/contract/payments';
import type { ViewerSource } from '@aprendiz/contract/rendering';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { notify } from '../components/toast';
import { takeEarlyRead } from '../boot/early-reads';
import { serverViewer } from '../data/catalogue-source';
import { failedWith, settle, type LoadResult } from '../data/load-result';
import { currentApiAuth, whenAuthKnown } from '../lib/api-auth';
import { serverMessage } from '../lib/api-error';
import { loadApi } from '../lib/load-api';

/** The root route's data: who is signed in, their data and their enrollments. */
export type RootData = {
  /** Whose data this is: null when nobody was signed in (always, on the server). */
  userId: string | null;
  /** Null when signed out, or when it could not be read (the failure was toasted). */
  userData: UserData | null;
  /** Most recent enrollment first, as the server sends them; null when signed out. */
  enrolledCourses: LoadResult<EnrolledCourseSummary[]> | null;
  /** Courses given back, read with the enrollments: My Courses' 'Reembolsado' rows. */
  refundedPurchases: RefundedPurchase[];
};

const NOTHING_REFUNDED: RefundedPurchase[] = [];

const signedOut: RootData = {
  userId: null,
  userData: null,
  enrolledCourses: null,
  refundedPurchases: NOTHING_REFUNDED,
};

const NO_ENROLLED_COURSES = 'No enrolled courses found.';

type Api = Awaited<ReturnType<typeof loadApi>>;

async function readUserData(api: Api, token: string | null): Promise<LoadResult<UserData>> {
  return settle(async () => {
    const early = await takeEarlyRead<UserDataResponse>('/api/user/data', token);
    return (early ?? (await api.get<UserDataResponse>('/api/user/data')).data).user;
  });
}

type Enrolled = Pick<EnrolledCoursesResponse, 'enrolledCourses' | 'refundedPurchases'>;

async function readEnrolledCourses(api: Api, token: string | null): Promise<LoadResult<Enrolled>> {
  try {
    const route = '/api/user/enrolled-courses';
    const early = await takeEarlyRead<EnrolledCoursesResponse>(route, token);
    return { ok: true, value: early ?? (await api.get<EnrolledCoursesResponse>(route)).data };
  } catch (err) {
    return { ...failedWith(err), message: serverMessage(err) ?? NO_ENROLLED_COURSES };
  }
}

/**
 * On the server, for a page drawn for a viewer: their reads from the services themselves. A failure
 * is thrown, so the server sends the app shell rather than a page that says less than the browser
 * would.
 */
async function readForViewer(viewer: ViewerSource): Promise<RootData> {
  const [userData, enrolled] = await Promise.all([viewer.userData(), viewer.enrolled()]);
  return {
    userId: viewer.user.id,
    userData,
    enrolledCourses: { ok: true, value: enrolled.enrolledCourses },
    refundedPurchases: enrolled.refundedPurchases ?? NOTHING_REFUNDED,
  };
}

/**
 * The root route's loader: the signed-in user's data and enrollments, read once the auth provider
 * knows who that is; nothing for a visitor. On the server, only a page drawn for a viewer reads them.
 */
export async function rootLoader({ request, context }: LoaderFunctionArgs): Promise<RootData> {
  if (typeof document === 'undefined') {
    const viewer = serverViewer(context);
    return viewer ? readForViewer(viewer) : signedOut;
  }
  const auth = await whenAuthKnown(request.signal);
  const userId = auth?.userId ?? null;
  if (!userId) return signedOut;
  let reads: [LoadResult<UserData>, LoadResult<Enrolled>];
  try {
    const [api, token] = await Promise.all([loadApi(), auth?.getToken() ?? null]);
    reads = await Promise.all([readUserData(api, token), readEnrolledCourses(api, token)]);
  } catch (err) {
    // The API client's code could not be fetched (offline, a new deployment).
    const failed = failedWith(err);
    reads = [failed, failed];
  }
  // A token the server refused ended the session meanwhile: these answers are nobody's now.
  if (currentApiAuth()?.userId !== userId) return signedOut;
  const [userData, enrolled] = reads;
  const messages = new Set([userData, enrolled].flatMap((r) => (r.ok ? [] : [r.message])));
  for (const message of messages) notify.error(message);
  return {
    userId,
    userData: userData.ok ? userData.value : null,
    enrolledCourses: enrolled.ok ? { ok: true, value: enrolled.value.enrolledCourses } : enrolled,
    refundedPurchases: (enrolled.ok && enrolled.value.refundedPurchases) || NOTHING_REFUNDED,
  };
}
