import { useCallback, useEffect, useState } from 'react';
import { api } from '../../lib/api-client';
import { errorMessage } from '../../lib/api-error';

/** A GET read by a panel beside the video (after it, not on the route's loader), with a reload. */
export function useApiResource<T>(url: string | null) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    if (url === null) return;
    let live = true;
    setError(null);
    api
      .get<T>(url)
      .then(({ data: body }) => {
        if (live) setData(body);
      })
      .catch((err: unknown) => {
        if (live) setError(errorMessage(err));
      });
    return () => {
      live = false;
    };
  }, [url, version]);

  const reload = useCallback(() => setVersion((n) => n + 1), []);
  return { data, error, reload };
}
