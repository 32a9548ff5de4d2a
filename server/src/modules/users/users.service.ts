import type { UserData } from '@aprendiz/contract/auth';
import type { AppDeps } from '../../deps';
import type { UserRow } from '../../db/schema/users';
import { findEnrolledCourseIds, setUserRole } from './users.repository';
import { toAuthUser } from './user-view';

export const NOW_EDUCATOR = 'Agora você pode publicar um curso';

type UsersDeps = Pick<AppDeps, 'database' | 'auth' | 'learnerCache' | 'sessionCache'>;

/**
 * The account as the session found it (the session cache forgets an account as soon as it changes,
 * so a new name or role shows at once) with the ids of its courses, cached per learner until an
 * enrollment changes the catalogue.
 */
export async function getUserData(deps: UsersDeps, user: UserRow): Promise<UserData> {
  const ids = await deps.learnerCache.getOrLoad(user.id, 'enrolled-ids', async () =>
    JSON.stringify(await findEnrolledCourseIds(deps.database.db, user.id)),
  );
  return { ...toAuthUser(user), enrolledCourses: JSON.parse(ids.body) as string[] };
}

/**
 * Makes the caller an educator. With Clerk the role lives in its public metadata, so it is written
 * there first (a later user.updated webhook then agrees with us), and the row remembers when Clerk
 * took it, so a late event with an older state cannot revert it; repeating it changes nothing.
 */
export async function becomeEducator(deps: UsersDeps, user: UserRow): Promise<string> {
  const changedAt =
    deps.auth.kind === 'clerk' ? await deps.auth.publishRole(user.id, 'educator') : null;
  await setUserRole(deps.database.db, user.id, 'educator', changedAt);
  // Every instance hears it from the database; this one must not answer the next request with the
  // role the session was cached with meanwhile.
  deps.sessionCache.forgetUser(user.id);
  return NOW_EDUCATOR;
}
