import { Suspense, use, useState, type ReactNode } from 'react';
import { useRevalidator } from 'react-router-dom';
import type { LoadResult } from '../data/load-result';
import { LoadError } from './ui/load-error';

type DeferredProps<T> = {
  /** The loader's unawaited read; null keeps `pending` (nobody signed in yet). */
  result: Promise<LoadResult<T>> | null;
  /** Shown while the read is on its way, and while a retry reads it anew. */
  pending: ReactNode;
  /** The heading of the error shown when the read failed. */
  failedTitle: string;
  children: (value: T) => ReactNode;
  /** Inside a page section rather than filling the page. */
  compact?: boolean;
  /** Shown instead of the error when the resource does not exist (a 404). */
  notFound?: ReactNode;
  /** Other ways out beside 'Tentar novamente' (a link back). */
  failedActions?: ReactNode;
};

function Resolved<T>({
  result,
  failedTitle,
  children,
  pending,
  compact,
  notFound,
  failedActions,
  onRetry,
}: Omit<DeferredProps<T>, 'result'> & {
  result: Promise<LoadResult<T>>;
  onRetry: () => void;
}) {
  // React's use() rather than react-router's <Await>: the router's code is on the first page's
  // critical path, and <Await> would be added to it.
  const loaded = use(result);
  if (loaded.ok) return children(loaded.value);
  if (loaded.status === 404 && notFound !== undefined) return notFound;
  // Refused to someone who is not an educator yet: their layout shows the way in, and becoming one
  // reads the loaders again.
  if (loaded.status === 403) return pending;
  return (
    <LoadError title={failedTitle} message={loaded.message} onRetry={onRetry} compact={compact}>
      {failedActions}
    </LoadError>
  );
}

/**
 * Renders a loader's unawaited read: `pending` until it arrives, then its data, or its error with
 * 'Tentar novamente' (which reads the page's loaders again) — never a loader for ever.
 */
export function Deferred<T>({ result, ...props }: DeferredProps<T>) {
  const { revalidate } = useRevalidator();
  const [retrying, setRetrying] = useState(false);
  async function retry() {
    setRetrying(true);
    try {
      await revalidate();
    } finally {
      setRetrying(false);
    }
  }
  if (!result || retrying) return props.pending;
  return (
    <Suspense fallback={props.pending}>
      <Resolved {...props} result={result} onRetry={() => void retry()} />
    </Suspense>
  );
}
