import { Suspense, use, type ReactNode } from 'react';
import { loadOrReport } from '../../data/load-result';
import { whenAuthKnown } from '../../lib/api-auth';
import { api, isApiError } from '../../lib/api-client';
import { Loader } from '../loader';

/** The server's answer to someone who is not an educator (yet). */
class NotAnEducator extends Error {}

/**
 * Reads one of the educator's lists for a route loader, which hands the promise to its page
 * unawaited: the page shows at once with its own loader, as it did before it had a route loader. Null when the page keeps its loader: nobody
 * signed in or not an educator (the layout shows the way in instead, spec §4; becoming one reads the
 * loaders again), or a failure, toasted with the server's message.
 */
export async function loadEducatorResource<Response extends { success: true }, Data>(
  url: string,
  select: (response: Response) => Data,
  signal: AbortSignal,
): Promise<Data | null> {
  const auth = await whenAuthKnown(signal);
  if (!auth?.userId) return null;
  const result = await loadOrReport(
    async () => {
      try {
        const { data } = await api.get<Response>(url, { signal });
        return select(data);
      } catch (err) {
        if (isApiError(err, 403)) throw new NotAnEducator();
        throw err;
      }
    },
    { quiet: (err) => err instanceof NotAnEducator || signal.aborted },
  );
  return result.ok ? result.value : null;
}

type EducatorResourceProps<Data> = {
  /** The loader's promise (see loadEducatorResource). */
  resource: Promise<Data | null>;
  /** The loader's label while the data is on its way (and stays, after a failure). */
  loading: string;
  children: (data: Data) => ReactNode;
};

function Resolved<Data>({ resource, loading, children }: EducatorResourceProps<Data>) {
  // React's use() rather than react-router's <Await>: the router's code is on the first page's
  // critical path, and <Await> would be added to it.
  const data = use(resource);
  // An answer that lacks the selected field keeps the loader too, as a failure does.
  return data === null || data === undefined ? <Loader label={loading} /> : children(data);
}

/** Renders a loader's educator data when it arrives, and the page's loader until then. */
export function EducatorResource<Data>(props: EducatorResourceProps<Data>) {
  return (
    <Suspense fallback={<Loader label={props.loading} />}>
      <Resolved {...props} />
    </Suspense>
  );
}
