import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface SmtpCapture {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  mails: CapturedMail[];
  /** The first mail (already arrived or arriving within `timeoutMs`) that `match` accepts. */
  waitFor(match: (mail: CapturedMail) => boolean, timeoutMs?: number): Promise<CapturedMail>;
  close(): Promise<void>;
}

function addressText(value: ParsedMail['to'] | ParsedMail['from']): string {
  if (!value) return '';
  return (Array.isArray(value) ? value : [value])
    .flatMap((list) => list.value)
    .map((a) => (a.name ? `${a.name} <${a.address ?? ''}>` : (a.address ?? '')))
    .join(', ');
}

/**
 * A real SMTP server in the test process (plain, no TLS, any login): what the app hands over is
 * parsed back into the parts a person would read.
 */
export async function startSmtpCapture(): Promise<SmtpCapture> {
  const mails: CapturedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          mails.push({
            from: addressText(parsed.from),
            to: addressText(parsed.to),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
          });
          for (const wake of waiters) wake();
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitFor: (match, timeoutMs = 5000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = mails.find(match);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error('no matching mail arrived'));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
