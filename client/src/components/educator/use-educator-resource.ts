import { useEffect, useState } from 'react';
import type { ErrorResponse } from '@aprendiz/contract/common';
import { useAppContext } from '../../context/app-context';
import { api, errorMessage } from '../../lib/api-client';
import { notify } from '../toast';

/**
 * Loads one of the educator's lists. It is asked for only while the educator flag is set, and again
 * when the flag changes (spec §4); until a `success: true` answer arrives the result stays null (the
 * page keeps its loader) and a failure is toasted with the server's message.
 *
 * `select` must be stable (a module-level function), or every render would fetch again.
 */
export function useEducatorResource<Response extends { success: true }, Data>(
  url: string,
  select: (response: Response) => Data,
): Data | null {
  const { isEducator } = useAppContext();
  const [data, setData] = useState<Data | null>(null);

  useEffect(() => {
    if (!isEducator) return;
    // An answer that arrives after the page has gone (or the flag changed) is dropped.
    let current = true;
    api
      .get<Response | ErrorResponse>(url)
      .then(({ data: response }) => {
        if (!current) return;
        if (response.success) setData(select(response));
        else notify.error(response.message);
      })
      .catch((err: unknown) => {
        if (current) notify.error(errorMessage(err));
      });
    return () => {
      current = false;
    };
  }, [isEducator, url, select]);

  return data;
}
