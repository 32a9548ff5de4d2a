import express from 'express';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

function trustProxyOf(value: string | undefined) {
  return loadConfig({ NODE_ENV: 'test', ...(value === undefined ? {} : { TRUST_PROXY: value }) })
    .trustProxy;
}

describe('TRUST_PROXY', () => {
  it.each([
    ['unset', undefined],
    ['empty', ''],
    ['false', 'false'],
    ['0 hops', '0'],
  ])('when it is %s, then no proxy is trusted', (_case, value) => {
    expect(trustProxyOf(value)).toBe(false);
  });

  it('when it is a number, then that many hops are trusted', () => {
    expect(trustProxyOf('2')).toBe(2);
  });

  it('when it lists addresses, ranges and Express names, then each is kept and Express accepts the list', () => {
    const value = trustProxyOf(' 10.0.0.0/8, 192.168.1.7 ,Loopback,fd00::/8,::1');

    expect(value).toEqual(['10.0.0.0/8', '192.168.1.7', 'loopback', 'fd00::/8', '::1']);
    expect(() => express().set('trust proxy', value)).not.toThrow();
  });

  it.each([
    ['true, which trusts every hop', 'true', /^TRUST_PROXY=true would let any client/],
    ['a word Express does not know', 'cloudflare', /^TRUST_PROXY: "cloudflare" is not/],
    ['an address with a bad range', '10.0.0.0/33', /^TRUST_PROXY: "10.0.0.0\/33" is not/],
    ['a negative count', '-1', /^TRUST_PROXY: "-1" is not/],
    ['a malformed address', '10.0.0.300', /^TRUST_PROXY: "10.0.0.300" is not/],
  ])('when it is %s, then the start fails naming the variable', (_case, value, message) => {
    expect(() => trustProxyOf(value)).toThrow(ConfigError);
    expect(() => trustProxyOf(value)).toThrow(message);
  });
});
