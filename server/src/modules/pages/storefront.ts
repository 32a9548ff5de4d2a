import { storefrontAttributes, type Storefront } from '@aprendiz/contract/rendering';
import type { AppDeps } from '../../deps';
import { offeredMethods } from '../payments/vouchers';

/** This server's currency and payment methods: fixed while it runs, whatever the client was built with. */
export function deploymentStorefront(deps: Pick<AppDeps, 'config' | 'payments'>): Storefront {
  return { currency: deps.config.currency, methods: offeredMethods(deps) };
}

const HTML_START = /<html(?=[\s>])/i;

/**
 * Writes the storefront onto the page's <html> element, where the browser reads it before any script
 * runs: prices are labelled in this server's currency from the first paint, with no request.
 */
export function writeStorefront(indexHtml: string, storefront: Storefront): string {
  if (!HTML_START.test(indexHtml)) throw new Error('index.html has no <html> element');
  return indexHtml.replace(HTML_START, `<html${storefrontAttributes(storefront)}`);
}
