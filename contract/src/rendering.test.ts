import { describe, expect, it } from 'vitest';
import { readStorefront, storefrontAttributes, type Storefront } from './rendering';

const fallback: Storefront = { currency: 'aoa', methods: ['card'] };

/** The attributes as the browser's `dataset` reads them back. */
function dataset(attributes: string): { currency?: string; paymentMethods?: string } {
  const read = (name: string) => new RegExp(` ${name}="([^"]*)"`).exec(attributes)?.[1];
  return { currency: read('data-currency'), paymentMethods: read('data-payment-methods') };
}

describe('the storefront written into the page', () => {
  it('when a brl deployment writes its storefront, then the page reads the same currency and methods back', () => {
    const storefront: Storefront = { currency: 'brl', methods: ['card', 'pix', 'boleto'] };
    const attributes = storefrontAttributes(storefront);
    expect(attributes).toBe(' data-currency="brl" data-payment-methods="card pix boleto"');
    expect(readStorefront(dataset(attributes), fallback)).toEqual(storefront);
  });

  it('when the page carries no storefront, then the fallback is used', () => {
    expect(readStorefront({}, fallback)).toEqual(fallback);
  });

  it('when the attributes name unknown things, then only known currencies and methods are kept', () => {
    expect(
      readStorefront({ currency: 'gbp', paymentMethods: 'pix  bitcoin pix card' }, fallback),
    ).toEqual({ currency: 'aoa', methods: ['pix', 'card'] });
    expect(readStorefront({ currency: 'eur', paymentMethods: 'paypal' }, fallback)).toEqual({
      currency: 'eur',
      methods: ['card'],
    });
  });
});
