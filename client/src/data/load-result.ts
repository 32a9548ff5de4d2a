import { notify } from '../components/toast';
import { errorMessage, isApiError } from '../lib/api-error';

/**
 * What every loader hands its page (directly, or as a promise the page renders through <Deferred>):
 * the data, or the failure the page shows with a retry. `status` is the HTTP status (404 for a
 * resource that does not exist), 0 when no answer arrived.
 */
export type LoadResult<T> = { ok: true; value: T } | { ok: false; message: string; status: number };

export function failedWith(err: unknown): { ok: false; message: string; status: number } {
  return { ok: false, message: errorMessage(err), status: isApiError(err) ? err.status : 0 };
}

type Reporting = {
  /** Toast the failure with its message (the page shows it too). */
  report?: boolean;
  /** Failures that are not toasted (still a failed result): the spec keeps some silent. */
  quiet?: (err: unknown) => boolean;
};

/** Runs a read into a LoadResult: it never throws. */
export async function settle<T>(
  load: () => Promise<T>,
  { report = false, quiet }: Reporting = {},
): Promise<LoadResult<T>> {
  try {
    return { ok: true, value: await load() };
  } catch (err) {
    const failed = failedWith(err);
    if (report && !quiet?.(err)) notify.error(failed.message);
    return failed;
  }
}

const inBrowser = typeof document !== 'undefined';

/**
 * A public page's read. In the browser a failure is toasted and becomes a result the page can retry;
 * on the server it is thrown, so the renderer answers with the app shell instead of rendering (and
 * caching) an error.
 */
export async function loadOrReport<T>(
  load: () => Promise<T>,
  options: { quiet?: (err: unknown) => boolean } = {},
): Promise<LoadResult<T>> {
  if (!inBrowser) return { ok: true, value: await load() };
  return settle(load, { report: true, quiet: options.quiet });
}
