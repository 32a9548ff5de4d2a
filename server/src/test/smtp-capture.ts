import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

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
  /** Mails accepted (a refused or held one never appears). */
  mails: CapturedMail[];
  /** Deliveries begun (MAIL FROM), refused and held ones included. */
  readonly attempts: number;
  /** Refuses the next `count` deliveries with 451 (a temporary failure, as during an outage). */
  refuseNext(count: number): void;
  /**
   * Takes the next deliveries' data and never answers (a send in flight when its process dies);
   * `accept()` ends it.
   */
  hold(): void;
  /** Takes the next deliveries' data and accepts them only `ms` later (a slow server). */
  slow(ms: number): void;
  /** Back to accepting every mail at once. */
  accept(): void;
  /** Resolves once a delivery held or slowed since the last hold()/slow() has sent its message. */
  held(timeoutMs?: number): Promise<void>;
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
export async function startSmtpCapture(
  options: { refuseFirst?: number } = {},
): Promise<SmtpCapture> {
  const mails: CapturedMail[] = [];
  const waiters = new Set<() => void>();
  let attempts = 0;
  let toRefuse = options.refuseFirst ?? 0;
  let holding: 'no' | 'forever' | number = 'no';
  let heldOne: () => void = () => {};
  let heldPromise = Promise.resolve();
  const expectHeld = () => {
    heldPromise = new Promise<void>((resolve) => (heldOne = resolve));
  };
  const parse = (stream: Parameters<NonNullable<SMTPServerOptions['onData']>>[0]) =>
    simpleParser(stream).then((parsed) => ({
      from: addressText(parsed.from),
      to: addressText(parsed.to),
      subject: parsed.subject ?? '',
      text: parsed.text ?? '',
      html: typeof parsed.html === 'string' ? parsed.html : '',
    }));
  const keep = (mail: CapturedMail) => {
    mails.push(mail);
    for (const wake of waiters) wake();
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // A held connection would keep close() waiting; it is cut after a second.
    closeTimeout: 1000,
    onMailFrom(_address, _session, callback) {
      attempts++;
      if (toRefuse > 0) {
        toRefuse--;
        const err = Object.assign(new Error('Serviço temporariamente indisponível'), {
          responseCode: 451,
        });
        callback(err);
        return;
      }
      callback();
    },
    onData(stream, _session, callback) {
      const mode = holding;
      if (mode === 'forever') {
        stream.on('end', () => heldOne());
        stream.resume();
        return;
      }
      parse(stream)
        .then(async (mail) => {
          if (typeof mode === 'number') {
            heldOne();
            await new Promise((resolve) => setTimeout(resolve, mode));
          }
          keep(mail);
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
    get attempts() {
      return attempts;
    },
    refuseNext: (count) => {
      toRefuse = count;
    },
    hold: () => {
      holding = 'forever';
      expectHeld();
    },
    slow: (ms) => {
      holding = ms;
      expectHeld();
    },
    accept: () => {
      holding = 'no';
      toRefuse = 0;
    },
    held: (timeoutMs = 10_000) =>
      Promise.race([
        heldPromise,
        new Promise<void>((_resolve, reject) =>
          setTimeout(() => reject(new Error('no delivery was held')), timeoutMs).unref(),
        ),
      ]),
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
