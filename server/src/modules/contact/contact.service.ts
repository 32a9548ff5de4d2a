import { validateContactSubmission, type ContactFieldError } from '@aprendiz/contract/site';
import type { AppDeps } from '../../deps';
import { insertContactMessage } from './contact.repository';

/** Where the hosted form service would send the visitor next; the contact page goes home. */
export const CONTACT_NEXT = '/';

export type ContactOutcome =
  { ok: true; next: string } | { ok: false; errors: ContactFieldError[] };

export async function submitContactMessage(
  deps: Pick<AppDeps, 'database'>,
  body: unknown,
): Promise<ContactOutcome> {
  const result = validateContactSubmission(body);
  if (!result.ok) return result;
  await insertContactMessage(deps.database.db, result.value);
  return { ok: true, next: CONTACT_NEXT };
}
