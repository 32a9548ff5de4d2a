/**
 * A visitor who pressed 'Acessar Curso' signed out is sent to sign-in, and comes back to the course
 * with `?continuar=comprar`: the page then starts the enrollment or the payment by itself. The
 * request lives in the address rather than in memory because sign-in may leave the page (Clerk's
 * other providers, an e-mail link) and return with a reload; it is one-shot because the page
 * replaces its address without it before acting, so neither a reload nor Back repeats the purchase.
 */
export const CONTINUE_PARAM = 'continuar';
export const CONTINUE_PURCHASE = 'comprar';

/** The course page's address asking to go on with the purchase, keeping its other parameters (coupon). */
export function withPurchaseIntent(pathname: string, search: string, hash = ''): string {
  const params = new URLSearchParams(search);
  params.set(CONTINUE_PARAM, CONTINUE_PURCHASE);
  return `${pathname}?${params.toString()}${hash}`;
}

export function hasPurchaseIntent(search: string): boolean {
  return new URLSearchParams(search).get(CONTINUE_PARAM) === CONTINUE_PURCHASE;
}

/** The query without the request, as the page keeps it once acted on ('' when nothing is left). */
export function withoutPurchaseIntent(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(CONTINUE_PARAM);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
