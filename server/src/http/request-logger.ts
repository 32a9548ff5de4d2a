import type { RequestHandler } from 'express';
import type { Logger } from '../logger';

declare module 'http' {
  interface IncomingMessage {
    /** Numbers the requests of this process, so a request's log lines can be found together. */
    id: number;
    /** The app's logger bound to this request's id, method and URL (built when first used). */
    log: Logger;
  }
}

function levelFor(statusCode: number): 'info' | 'warn' | 'error' {
  if (statusCode >= 500) return 'error';
  return statusCode >= 400 ? 'warn' : 'info';
}

/**
 * One short line per request (id, method, path, status, time), never headers, query strings or
 * bodies: they would drown the log and leak tokens and personal data. Our own rather than
 * pino-http, whose child logger per request halved the throughput of the cached catalogue routes
 * even with logging off; here the child is built only for the few routes that log something of
 * their own.
 */
export function requestLogger(
  logger: Logger,
  { autoLogging }: { autoLogging: boolean },
): RequestHandler {
  let lastId = 0;
  return (req, res, next) => {
    const id = ++lastId;
    // The path only: query strings carry searches, e-mails and one-time tokens.
    const query = req.originalUrl.indexOf('?');
    const url = query === -1 ? req.originalUrl : req.originalUrl.slice(0, query);
    const summary = { id, method: req.method, url };
    req.id = id;
    let bound: Logger | undefined;
    Object.defineProperty(req, 'log', {
      configurable: true,
      get: () => (bound ??= logger.child({ req: summary })),
    });
    if (autoLogging && logger.isLevelEnabled('info')) {
      const start = performance.now();
      res.once('close', () => {
        const fields = {
          req: summary,
          res: { statusCode: res.statusCode },
          responseTime: Math.round(performance.now() - start),
        };
        if (!res.writableFinished) logger.warn(fields, 'request aborted');
        else logger[levelFor(res.statusCode)](fields, 'request completed');
      });
    }
    next();
  };
}
