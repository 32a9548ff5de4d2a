import type { UserData } from '@aprendiz/contract/auth';
import type { EducatorTitle } from '@aprendiz/contract/rules/educator-title';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema/users';
import { forbidden } from '../../http/errors';
import { findEnrolledCourseIds, setUserRole, updateEducatorTitle } from './users.repository';
import { isEmailVerified, toAuthUser } from './user-view';

export const NOW_EDUCATOR = 'Agora você pode publicar um curso';

type UsersDeps = Pick<AppDeps, 'database' | 'auth' | 'learnerCache' | 'sessionCache' | 'config'>;

/**
 * The account as the session found it (the session cache forgets an account as soon as it changes,
 * so a new name or role shows at once) with the ids of its courses, cached per learner until an
 * enrollment changes the catalogue.
 */
export async function getUserData(deps: UsersDeps, user: UserRow): Promise<UserData> {
  const ids = await deps.learnerCache.getOrLoad(user.id, 'enrolled-ids', async () =>
    JSON.stringify(await findEnrolledCourseIds(deps.database.db, user.id)),
  );
  return {
    ...toAuthUser(user),
    emailVerified: isEmailVerified(user),
    enrolledCourses: JSON.parse(ids.body) as string[],
    educatorTitle: user.educatorTitle,
    ...(deps.config.educatorApplications ? { educatorApplications: true as const } : {}),
  };
}

export const EDUCATOR_TITLE_SAVED = 'Pronto: é assim que os alunos verão você';

/**
 * 'Educador' or 'Educadora' beside the person's name in their courses' questions, checkouts and the
 * certificates issued from now on (an issued certificate keeps the word it was issued with).
 */
export async function setEducatorTitle(
  deps: UsersDeps,
  user: UserRow,
  title: EducatorTitle,
): Promise<string> {
  await updateEducatorTitle(deps.database.db, user.id, title);
  deps.sessionCache.forgetUser(user.id);
  return EDUCATOR_TITLE_SAVED;
}

export const APPLY_TO_TEACH =
  'Envie sua candidatura para se tornar educador: a equipe da plataforma responde em breve';

/**
 * Makes the caller an educator at once (the one-click flow). With EDUCATOR_APPLICATIONS=on the way
 * in is an application an admin approves, so this refuses anyone who is not one already.
 */
export async function becomeEducator(deps: UsersDeps, user: UserRow): Promise<string> {
  if (deps.config.educatorApplications && user.role !== 'educator') {
    throw forbidden(APPLY_TO_TEACH);
  }
  await grantEducatorRole(deps, user.id);
  return NOW_EDUCATOR;
}

/**
 * The one path by which a person becomes an educator: the one-click flow and an approved
 * application. With Clerk the role lives in its public metadata, so it is written there first (a
 * later user.updated webhook then agrees with us), and the row remembers when Clerk took it, so a
 * late event with an older state cannot revert it; repeating it changes nothing. `alongside` runs in
 * the role's transaction (an application's decision and its audit row).
 */
export async function grantEducatorRole(
  deps: UsersDeps,
  userId: string,
  alongside?: (tx: Db) => Promise<void>,
): Promise<void> {
  const changedAt =
    deps.auth.kind === 'clerk' ? await deps.auth.publishRole(userId, 'educator') : null;
  if (alongside) {
    await deps.database.db.transaction(async (tx) => {
      await alongside(tx);
      await setUserRole(tx, userId, 'educator', changedAt);
    });
  } else {
    await setUserRole(deps.database.db, userId, 'educator', changedAt);
  }
  // Every instance hears it from the database; this one must not answer the next request with the
  // role the session was cached with meanwhile.
  deps.sessionCache.forgetUser(userId);
}
