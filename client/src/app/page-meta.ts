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

export type MetaArgs = { data: unknown; params: Params; pathname: string };

/** A route's `handle`: public routes describe their page for the server-rendered <head>. */
export type RouteHandle = { meta?: (args: MetaArgs) => PageMeta };

// The display symbol is configurable (VITE_CURRENCY); structured data wants ISO 4217.
const ISO_CURRENCIES: Record<string, string> = { Kz: 'AOA', R$: 'BRL', '€': 'EUR', $: 'USD' };

/** The ISO 4217 code of the configured currency, or undefined when it names none. */
export function currencyCode(symbol: string): string | undefined {
  if (/^[A-Z]{3}$/.test(symbol)) return symbol;
  return ISO_CURRENCIES[symbol];
}

/** The meta of the deepest matched route that has one. */
export function routeMeta(
  matches: readonly { handle: unknown; data?: unknown; loaderData?: unknown; params: Params }[],
  pathname: string,
): PageMeta | undefined {
  for (let index = matches.length - 1; index >= 0; index--) {
    const match = matches[index]!;
    const handle = match.handle as RouteHandle | undefined;
    if (handle?.meta) {
      return handle.meta({
        data: match.loaderData ?? match.data,
        params: match.params,
        pathname,
      });
    }
  }
  return undefined;
}
