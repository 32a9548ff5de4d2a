import { DrizzleQueryError } from 'drizzle-orm/errors';
import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

/**
 * What an error may say in the log: where it failed, never with which data. Everything else on it
 * is dropped — Drizzle's and PGlite's `params` (password hashes, e-mails), Postgres's `detail`
 * ("Key (email)=(…) already exists") and `where`, body-parser's `body`.
 */
const SAFE_FIELDS = ['code', 'severity', 'constraint', 'table', 'column', 'schema', 'routine'];
const MAX_CAUSES = 5;

export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  cause?: LoggedError;
  [field: string]: unknown;
}

function safeMessage(err: Error): string {
  // Drizzle's message is "Failed query: <sql>\nparams: <values>"; the SQL alone has only placeholders.
  if (err instanceof DrizzleQueryError) return `Failed query: ${err.query}`;
  // Postgres data exceptions (class 22) quote the offending value after the first colon.
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && code.startsWith('22')) return err.message.split(': ')[0]!;
  return err.message;
}

/** pino's `err` serializer: type, a message free of data, the stack frames, safe fields, causes. */
export function serializeError(err: unknown, depth = 0): LoggedError {
  if (!(err instanceof Error)) {
    return { type: typeof err, message: 'non-Error value thrown', stack: '' };
  }
  // Drizzle's error classes leave `name` as plain 'Error'.
  const type = err.name === 'Error' ? err.constructor.name : err.name;
  const message = safeMessage(err);
  // The stack starts with the original message, so only its frames are kept.
  const frames = (err.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const logged: LoggedError = {
    type,
    message,
    stack: [`${type}: ${message}`, ...frames].join('\n'),
  };
  const fields = err as unknown as Record<string, unknown>;
  for (const field of SAFE_FIELDS) {
    const value = fields[field];
    if (typeof value === 'string' || typeof value === 'number') logged[field] = value;
  }
  if (err.cause !== undefined && depth < MAX_CAUSES) {
    logged.cause = serializeError(err.cause, depth + 1);
  }
  return logged;
}

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      serializers: { err: serializeError },
      redact: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["stripe-signature"]',
      ],
    },
    destination,
  );
}
