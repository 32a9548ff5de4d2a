import { readStorefront, type Storefront } from '@aprendiz/contract/rendering';
import { currencyLabel, DEFAULT_CURRENCY, isCurrency } from '@aprendiz/contract/rules/currency';
import { createContext, useContext } from 'react';
import { env } from './env';

/**
 * Where the page carries no storefront (the Vite dev server serves its own index.html): the
 * CURRENCY the client was built with, and a card.
 */
export const BUILD_STOREFRONT: Storefront = {
  currency: isCurrency(env.currency) ? env.currency : DEFAULT_CURRENCY,
  methods: ['card'],
};

/** The storefront the server wrote onto this page's <html> (every page it serves carries one). */
export function pageStorefront(): Storefront {
  return readStorefront(document.documentElement.dataset, BUILD_STOREFRONT);
}

/** Provided above the router: the page's storefront in the browser, the server's own when rendering. */
export const StorefrontContext = createContext<Storefront>(BUILD_STOREFRONT);

export function useStorefront(): Storefront {
  return useContext(StorefrontContext);
}

/** What learner pages put in front of a price: the label of the server's CURRENCY ('Kz', 'R$', '€'). */
export function usePriceLabel(): string {
  return currencyLabel(useStorefront().currency);
}
