import { notify } from '../components/toast';
import { errorMessage } from '../lib/error-message';

/** What a loader hands its page: the data, or the failure the page offers to retry. */
export type LoadResult<T> = { ok: true; value: T } | { ok: false; message: string };

const inBrowser = typeof document !== 'undefined';

/**
 * Runs a loader's read. In the browser a failure becomes a toast with the server's message and a
 * result the page can retry; on the server it is thrown, so the renderer answers with the app shell
 * instead of rendering (and caching) an error.
 */
export async function loadOrReport<T>(
  load: () => Promise<T>,
  /** Failures that are not reported (still a failed result): the spec keeps some silent. */
  options: { quiet?: (err: unknown) => boolean } = {},
): Promise<LoadResult<T>> {
  try {
    return { ok: true, value: await load() };
  } catch (err) {
    if (!inBrowser) throw err;
    const message = errorMessage(err);
    if (!options.quiet?.(err)) notify.error(message);
    return { ok: false, message };
  }
}
