import { describe, expect, it } from 'vitest';
import { hasPurchaseIntent, withoutPurchaseIntent, withPurchaseIntent } from './purchase-intent';

describe('purchase intent', () => {
  it('when the course page asks to go on after sign-in, then its address gains continuar=comprar and keeps the rest', () => {
    expect(withPurchaseIntent('/course/c1', '')).toBe('/course/c1?continuar=comprar');
    expect(withPurchaseIntent('/course/c1', '?cupom=LANCAMENTO', '#precos')).toBe(
      '/course/c1?cupom=LANCAMENTO&continuar=comprar#precos',
    );
    // Asked twice, still one request.
    expect(withPurchaseIntent('/course/c1', '?continuar=comprar')).toBe(
      '/course/c1?continuar=comprar',
    );
  });

  it('when the address is read, then only continuar=comprar counts as the request', () => {
    expect(hasPurchaseIntent('?continuar=comprar')).toBe(true);
    expect(hasPurchaseIntent('?cupom=X&continuar=comprar')).toBe(true);
    expect(hasPurchaseIntent('?continuar=outra-coisa')).toBe(false);
    expect(hasPurchaseIntent('')).toBe(false);
  });

  it('when the request is acted on, then the query keeps everything else, or nothing at all', () => {
    expect(withoutPurchaseIntent('?continuar=comprar')).toBe('');
    expect(withoutPurchaseIntent('?cupom=X&continuar=comprar&avaliacoes=2')).toBe(
      '?cupom=X&avaliacoes=2',
    );
  });
});
