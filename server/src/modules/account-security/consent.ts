import type { Db } from '../../db/client';
import { findLatestConsents } from './account-security.repository';

/**
 * Whether marketing mail (novidades e ofertas) may go to this person: only when their latest
 * recorded choice for it is yes. No record is no. Every marketing sender asks this first.
 */
export async function hasMarketingConsent(db: Db, userId: string): Promise<boolean> {
  return (await findLatestConsents(db, userId)).news === true;
}
