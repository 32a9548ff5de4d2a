import { useCallback, useEffect, useState } from 'react';
import { useFetcher, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import { loadApi } from '../lib/load-api';
import { settle, type LoadResult } from './load-result';

/**
 * The route a panel reads through (a fetcher, not the page's loader: what sits beside the video, the
 * bell and the mail preferences load after the page and reload on their own):
 * `/resource?url=/api/…` answers the GET of that API address as a LoadResult.
 */
const RESOURCE_PATH = '/resource';

export async function resourceLoader({
  request,
}: LoaderFunctionArgs): Promise<LoadResult<unknown>> {
  const url = new URL(request.url).searchParams.get('url') ?? '';
  // Only the API's own reads: the route is reachable by anyone who types its address.
  if (!url.startsWith('/api/')) {
    return { ok: false, message: 'Endereço de leitura inválido.', status: 400 };
  }
  return settle(async () => {
    // The API client loads on its first call: the router (and so this route) is in the first script.
    const api = await loadApi();
    return (await api.get<unknown>(url, { signal: request.signal })).data;
  });
}

export const resourceRoute: RouteObject = {
  path: RESOURCE_PATH,
  loader: resourceLoader,
  // A panel reloads when it asks to: a navigation elsewhere does not read it again.
  shouldRevalidate: () => false,
};

export type Resource<T> = {
  /** The latest answer; undefined until the first arrives. */
  result: LoadResult<T> | undefined;
  /** The last value that loaded, kept through a failed reload (null before any). */
  value: T | null;
  /** The latest answer's failure, if it failed. */
  error: string | null;
  reload: () => void;
};

/** Reads `url` (none while null) through the resource route, and again on `reload()`. */
export function useResource<T>(url: string | null): Resource<T> {
  const fetcher = useFetcher<LoadResult<T>>();
  const { load } = fetcher;
  const href = url === null ? null : `${RESOURCE_PATH}?${new URLSearchParams({ url }).toString()}`;

  // The fetcher is the router's: this only says when to ask it (a new address), not how to read.
  useEffect(() => {
    if (href !== null) void load(href);
  }, [href, load]);

  const reload = useCallback(() => {
    if (href !== null) void load(href);
  }, [href, load]);

  const result = href === null ? undefined : fetcher.data;
  const [seen, setSeen] = useState<LoadResult<T> | undefined>(undefined);
  const [value, setValue] = useState<T | null>(null);
  if (result !== seen) {
    setSeen(result);
    if (result?.ok) setValue(result.value);
  }
  return {
    result,
    value: href === null ? null : value,
    error: result?.ok === false ? result.message : null,
    reload,
  };
}
