import type { Db } from '../../db/client';
import { contactMessages } from '../../db/schema/contact-messages';

export async function insertContactMessage(
  db: Db,
  message: { email: string; message: string },
): Promise<void> {
  await db.insert(contactMessages).values(message);
}
