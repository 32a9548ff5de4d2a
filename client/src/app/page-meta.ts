import type { Storefront } from '@aprendiz/contract/rendering';
import type { Params } from 'react-router-dom';

/** What a public page says about itself in <head>: the tab title, search snippets and link previews. */
export type PageMeta = {
  title: string;
  description: string;
  /** Absolute or site-relative; made absolute when the head is written. */
  image?: string;
  /** Open Graph type: 'website' unless the page is a product. */
  type?: 'website' | 'product';
  price?: { amount: number; currency: string };
  /** Schema.org data for search engines, written as JSON-LD. */
  jsonLd?: Record<string, unknown>;
  /** Pages no one should find through a search engine (the 404). */
  noindex?: boolean;
};

export type MetaArgs = { data: unknown; params: Params; pathname: string; storefront: Storefront };

/** A route's `handle`: public routes describe their page for the server-rendered <head>. */
export type RouteHandle = { meta?: (args: MetaArgs) => PageMeta };

/** The meta of the deepest matched route that has one. */
export function routeMeta(
  matches: readonly { handle: unknown; data?: unknown; loaderData?: unknown; params: Params }[],
  pathname: string,
  storefront: Storefront,
): PageMeta | undefined {
  for (let index = matches.length - 1; index >= 0; index--) {
    const match = matches[index]!;
    const handle = match.handle as RouteHandle | undefined;
    if (handle?.meta) {
      return handle.meta({
        data: match.loaderData ?? match.data,
        params: match.params,
        pathname,
        storefront,
      });
    }
  }
  return undefined;
}
