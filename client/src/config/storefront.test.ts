import { afterEach, describe, expect, it } from 'vitest';
import { pageStorefront } from './storefront';

afterEach(() => {
  delete document.documentElement.dataset.currency;
  delete document.documentElement.dataset.paymentMethods;
});

describe('pageStorefront', () => {
  it('when the server wrote a brl storefront onto the page, then the client charges and labels in reais with its methods', () => {
    document.documentElement.dataset.currency = 'brl';
    document.documentElement.dataset.paymentMethods = 'card pix boleto';
    expect(pageStorefront()).toEqual({ currency: 'brl', methods: ['card', 'pix', 'boleto'] });
  });

  it('when the page carries none (the Vite dev server), then the build’s currency and a card', () => {
    expect(pageStorefront()).toEqual({ currency: 'aoa', methods: ['card'] });
  });
});
