import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { OutboxMailer, StoredMail } from './mailer';

/** The outbox is for reading the last few mails while developing, not an archive. */
export const OUTBOX_MAX_MAILS = 200;

function isStoredMail(value: unknown): value is StoredMail {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return ['to', 'subject', 'text', 'html', 'sentAt'].every((key) => typeof v[key] === 'string');
}

async function readMails(file: string): Promise<StoredMail[]> {
  let raw: string;
  try {
    raw = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const parsed: unknown = JSON.parse(raw);
  return Array.isArray(parsed) ? parsed.filter(isStoredMail) : [];
}

/**
 * Outside production with no SMTP server: mails are kept, newest first, in one JSON file in
 * DATA_DIR, so they survive a restart and `npm start` shows a password reset end to end. Writes go
 * one at a time and land by rename, so a crash never leaves half a file.
 */
export function createOutboxMailer(file: string): OutboxMailer {
  let last: Promise<unknown> = Promise.resolve();
  function inTurn<T>(task: () => Promise<T>): Promise<T> {
    const run = last.then(task, task);
    last = run.catch(() => undefined);
    return run;
  }

  return {
    kind: 'outbox',
    send: (mail) =>
      inTurn(async () => {
        const mails = await readMails(file);
        const stored: StoredMail = { ...mail, sentAt: new Date().toISOString() };
        const kept = [stored, ...mails].slice(0, OUTBOX_MAX_MAILS);
        await mkdir(path.dirname(file), { recursive: true });
        const partial = `${file}.${process.pid}.tmp`;
        await writeFile(partial, JSON.stringify(kept), { mode: 0o600 });
        await rename(partial, file);
      }),
    list: () => inTurn(() => readMails(file)),
    close: () => inTurn(async () => {}),
  };
}
