import type { Express, Request } from 'express';
import type { Logger } from '../logger';

declare module 'http' {
  interface IncomingMessage {
    /** The app's logger bound to this request's id, method and URL (built when first used). */
    log: Logger;
  }
}

type RequestSummary = { id: number; method: string; url: string };

const SUMMARY = Symbol('request summary');
const BOUND = Symbol('bound logger');

interface LoggedRequest extends Request {
  [SUMMARY]?: RequestSummary;
  [BOUND]?: Logger;
}

function levelFor(statusCode: number): 'info' | 'warn' | 'error' {
  if (statusCode >= 500) return 'error';
  return statusCode >= 400 ? 'warn' : 'info';
}

/**
 * One short line per request (id, method, path, status, time), never headers, query strings or
 * bodies: they would drown the log and leak tokens and personal data. Our own rather than
 * pino-http, whose child logger per request halved the throughput of the cached catalogue routes
 * even with logging off. Here nothing is added to a request that logs nothing: `req.log` is a
 * getter on the app's request prototype, and the request's number is given when it first logs
 * (properties added to every request object cost the cached routes a tenth of their throughput).
 */
export function useRequestLogger(
  app: Express,
  logger: Logger,
  { autoLogging }: { autoLogging: boolean },
): void {
  let lastId = 0;

  function summaryOf(req: LoggedRequest): RequestSummary {
    let summary = req[SUMMARY];
    if (!summary) {
      // The path only: query strings carry searches, e-mails and one-time tokens.
      const query = req.originalUrl.indexOf('?');
      const url = query === -1 ? req.originalUrl : req.originalUrl.slice(0, query);
      summary = { id: ++lastId, method: req.method, url };
      req[SUMMARY] = summary;
    }
    return summary;
  }

  Object.defineProperty(app.request, 'log', {
    configurable: true,
    get(this: LoggedRequest): Logger {
      return (this[BOUND] ??= logger.child({ req: summaryOf(this) }));
    },
  });

  if (!autoLogging) return;
  app.use((req, res, next) => {
    if (!logger.isLevelEnabled('info')) {
      next();
      return;
    }
    const summary = summaryOf(req);
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
    next();
  });
}
