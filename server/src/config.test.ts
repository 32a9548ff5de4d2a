import { randomBytes } from 'node:crypto';
import express from 'express';
import { describe, expect, it } from 'vitest';
import {
  AUTH_SECRET_MIN_BITS,
  ConfigError,
  estimateSecretBits,
  loadConfig,
  startupWarnings,
} from './config';

function trustProxyOf(value: string | undefined) {
  return loadConfig({ NODE_ENV: 'test', ...(value === undefined ? {} : { TRUST_PROXY: value }) })
    .trustProxy;
}

const STRONG_SECRET = 'n8Kq2vR7xW4pL9zT1cY6hB3mF5sJ0dGa';

describe('AUTH_SECRET in production', () => {
  const smtp = {
    NODE_ENV: 'production',
    PAYMENTS_SANDBOX: '1',
    SMTP_URL: 'smtp://mail.example.com:587',
  };

  it.each([
    ['one character', 'x'],
    ['31 bytes', 'a1b2c3d4e5f6g7h8i9j0k1l2m3n4o5p'],
    ['a common word', 'changeme'],
  ])('when it is %s, then the start fails naming the variable and the length', (_case, secret) => {
    expect(() => loadConfig({ ...smtp, AUTH_SECRET: secret })).toThrow(
      /^AUTH_SECRET must be at least 32 bytes in production/,
    );
  });

  it.each([
    ['a known placeholder made long', 'changeme-changeme-changeme-changeme'],
    ['the example value', 'replace-with-at-least-32-random-characters'],
    ['one character repeated', 'x'.repeat(48)],
    ['secret- and padding', 'secret-0000000000000000000000000000'],
  ])('when it is %s, then the start fails calling it a placeholder', (_case, secret) => {
    expect(() => loadConfig({ ...smtp, AUTH_SECRET: secret })).toThrow(
      /^AUTH_SECRET is a placeholder value/,
    );
  });

  it.each([
    ['a 33-character phrase', 'minha senha secreta para o painel'],
    ['words run together with a year', 'MinhaSenhaSuperSecretaDoAprendiz2026'],
    ['capitalised words between dashes', 'Senha-Do-Aprendiz-Producao-2026-Nova'],
    ['digits counted up', '0123456789012345678901234567890123'],
    ['a short pattern repeated', 'abc'.repeat(12)],
  ])(
    'when it is %s, then the start fails naming the variable and the entropy needed',
    (_case, secret) => {
      expect(Buffer.byteLength(secret)).toBeGreaterThanOrEqual(32);
      expect(() => loadConfig({ ...smtp, AUTH_SECRET: secret })).toThrow(
        new RegExp(
          `^AUTH_SECRET is too guessable: about \\d+ bits, ${AUTH_SECRET_MIN_BITS} needed`,
        ),
      );
    },
  );

  it('when it comes from a random generator, then its estimate clears the bar every time', () => {
    for (let i = 0; i < 200; i++) {
      for (const secret of [
        randomBytes(48).toString('base64'),
        randomBytes(32).toString('base64url'),
        randomBytes(32).toString('hex'),
      ]) {
        expect(estimateSecretBits(secret), secret).toBeGreaterThanOrEqual(AUTH_SECRET_MIN_BITS);
      }
    }
  });

  it('when it is 32 random bytes or more, then the app starts with it; outside production anything goes', () => {
    const config = loadConfig({ ...smtp, AUTH_SECRET: STRONG_SECRET });
    expect(config.auth).toEqual({ provider: 'local', secret: STRONG_SECRET, passwordCostLog2: 17 });
    expect(loadConfig({ NODE_ENV: 'development', AUTH_SECRET: 'x' }).auth).toEqual({
      provider: 'local',
      secret: 'x',
      passwordCostLog2: 17,
    });
  });
});

describe('PASSWORD_HASH_COST', () => {
  const smtp = {
    NODE_ENV: 'production',
    PAYMENTS_SANDBOX: '1',
    SMTP_URL: 'smtp://mail.example.com:587',
  };

  it('when a test deployment lowers it, then new passwords hash cheaper; production refuses anything under 2^17', () => {
    const cheap = loadConfig({ NODE_ENV: 'development', PASSWORD_HASH_COST: '14' });
    expect(cheap.auth).toMatchObject({ provider: 'local', passwordCostLog2: 14 });
    expect(() =>
      loadConfig({ ...smtp, AUTH_SECRET: STRONG_SECRET, PASSWORD_HASH_COST: '14' }),
    ).toThrow(/PASSWORD_HASH_COST must be at least 17 in production/);
    expect(
      loadConfig({ ...smtp, AUTH_SECRET: STRONG_SECRET, PASSWORD_HASH_COST: '18' }).auth,
    ).toMatchObject({ passwordCostLog2: 18 });
    expect(() => loadConfig({ NODE_ENV: 'development', PASSWORD_HASH_COST: '8' })).toThrow(
      /PASSWORD_HASH_COST/,
    );
  });
});

describe('HOST', () => {
  const production = {
    NODE_ENV: 'production',
    AUTH_SECRET: STRONG_SECRET,
    SMTP_URL: 'smtp://mail.example.com:587',
    PAYMENTS_SANDBOX: '1',
  };

  it('when it is unset outside production, then the server listens on 127.0.0.1 only, as /dev/outbox shows reset links', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'test' }).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'development', HOST: '' }).host).toBe('127.0.0.1');
  });

  it('when it is unset in production, then every interface, as before', () => {
    expect(loadConfig(production).host).toBeUndefined();
  });

  it('when it is set, then it wins in any environment', () => {
    expect(loadConfig({ NODE_ENV: 'development', HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ ...production, HOST: '127.0.0.1' }).host).toBe('127.0.0.1');
    expect(loadConfig({ ...production, HOST: '::' }).host).toBe('::');
    expect(loadConfig({ NODE_ENV: 'development', HOST: 'app.internal' }).host).toBe('app.internal');
  });

  it('when it is neither an address nor a host name, then the start fails naming the variable', () => {
    for (const host of ['http://0.0.0.0', '0.0.0.0:3000', 'dois nomes']) {
      expect(() => loadConfig({ NODE_ENV: 'development', HOST: host })).toThrow(/^HOST /);
    }
  });
});

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

describe('SMTP_URL and MAIL_FROM', () => {
  const production = { NODE_ENV: 'production', AUTH_SECRET: STRONG_SECRET, PAYMENTS_SANDBOX: '1' };

  it('when SMTP_URL is unset outside production, then mail goes to an outbox file in DATA_DIR', () => {
    const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: '/tmp/aprendiz-data' });
    expect(config.mail).toEqual({
      provider: 'outbox',
      file: '/tmp/aprendiz-data/outbox.json',
      from: 'Aprendiz <no-reply@localhost>',
    });
  });

  it('when SMTP_URL and MAIL_FROM are set, then mail goes through that server from that sender', () => {
    const config = loadConfig({
      ...production,
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
      MAIL_FROM: 'Escola <ola@escola.pt>',
    });
    expect(config.mail).toEqual({
      provider: 'smtp',
      url: 'smtps://user:pass@mail.example.com:465',
      from: 'Escola <ola@escola.pt>',
    });
  });

  it('when MAIL_FROM is unset, then the sender is no-reply at the host of PUBLIC_URL', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      PUBLIC_URL: 'https://cursos.exemplo.ao/',
      SMTP_URL: 'smtp://localhost:25',
    });
    expect(config.mail.from).toBe('Aprendiz <no-reply@cursos.exemplo.ao>');
  });

  it('when local accounts run in production without SMTP_URL, then the start fails naming it', () => {
    expect(() => loadConfig(production)).toThrow(ConfigError);
    expect(() => loadConfig(production)).toThrow(
      /^SMTP_URL is required in production with local accounts/,
    );
  });

  it('when Clerk runs in production without SMTP_URL, then the app starts and sends no mail', () => {
    const config = loadConfig({
      ...production,
      CLERK_SECRET_KEY: 'sk_test_x',
      CLERK_WEBHOOK_SECRET: 'whsec_x',
    });
    expect(config.mail.provider).toBe('off');
  });

  it('when SMTP_URL is not an smtp:// or smtps:// address, then the start fails naming it', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', SMTP_URL: 'http://mail.example.com' })).toThrow(
      /^SMTP_URL must look like/,
    );
  });
});

describe('the job queue and OPS_TOKEN', () => {
  it('when nothing is set, then production timings apply and the operators endpoints are closed', () => {
    const config = loadConfig({ NODE_ENV: 'development' });
    expect(config.jobs).toEqual({
      pollSeconds: 2,
      retryDelaySeconds: 2,
      retryLimit: 30,
      expireSeconds: 300,
      heartbeatSeconds: 15,
      sweepSeconds: 300,
      schedules: true,
      keepFinishedDays: 30,
    });
    expect(config.retention).toEqual({
      readNotificationsDays: 90,
      webhookEventsDays: 30,
      sessionsDays: 30,
    });
    expect(config.opsToken).toBeUndefined();
  });

  it('when timings are set (or left empty), then they are read, and 0 turns the heartbeat off', () => {
    const config = loadConfig({
      NODE_ENV: 'development',
      JOBS_POLL_SECONDS: '0.5',
      JOBS_RETRY_DELAY_SECONDS: '',
      JOBS_RETRY_LIMIT: '0',
      JOBS_HEARTBEAT_SECONDS: '0',
      JOBS_EXPIRE_SECONDS: '30',
      JOBS_SWEEP_SECONDS: '60',
      JOBS_SCHEDULES: 'off',
      RETENTION_JOBS_DAYS: '7',
    });
    expect(config.jobs).toEqual({
      pollSeconds: 0.5,
      retryDelaySeconds: 2,
      retryLimit: 0,
      expireSeconds: 30,
      heartbeatSeconds: null,
      sweepSeconds: 60,
      schedules: false,
      keepFinishedDays: 7,
    });
  });

  it('when a timing is out of range, then the start fails naming it', () => {
    expect(() => loadConfig({ JOBS_HEARTBEAT_SECONDS: '5' })).toThrow('JOBS_HEARTBEAT_SECONDS');
    expect(() => loadConfig({ JOBS_POLL_SECONDS: '0.1' })).toThrow('JOBS_POLL_SECONDS');
    expect(() => loadConfig({ JOBS_RETRY_LIMIT: 'muitos' })).toThrow(ConfigError);
    expect(() => loadConfig({ RETENTION_WEBHOOK_EVENTS_DAYS: '2' })).toThrow(
      'RETENTION_WEBHOOK_EVENTS_DAYS',
    );
    expect(() => loadConfig({ RETENTION_SESSIONS_DAYS: '0' })).toThrow('RETENTION_SESSIONS_DAYS');
  });

  it('when OPS_TOKEN is short, then the start fails; a long one is kept', () => {
    expect(() => loadConfig({ OPS_TOKEN: 'curto' })).toThrow(/OPS_TOKEN must be at least 24/);
    expect(loadConfig({ OPS_TOKEN: 'a'.repeat(24) }).opsToken).toBe('a'.repeat(24));
  });
});

describe('the payment provider', () => {
  const production = {
    NODE_ENV: 'production',
    AUTH_SECRET: STRONG_SECRET,
    SMTP_URL: 'smtp://mail.example.com:587',
  };
  const stripe = { STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
  const proxypay = { CURRENCY: 'aoa', PROXYPAY_API_KEY: 'pp_key', PROXYPAY_ENTITY: '10111' };
  const stripeConfig = { secretKey: 'sk_live_x', webhookSecret: 'whsec_x', boleto: false };
  const proxypayConfig = {
    apiKey: 'pp_key',
    entity: '10111',
    baseUrl: 'https://api.proxypay.co.ao',
    posId: null,
  };

  it('when no provider is configured outside production, then the sandbox runs', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).payments).toEqual({ provider: 'sandbox' });
  });

  it('when no provider is configured in production, then the start fails naming both providers and PAYMENTS_SANDBOX', () => {
    expect(() => loadConfig(production)).toThrow(ConfigError);
    expect(() => loadConfig({ ...production, PAYMENTS_SANDBOX: '0' })).toThrow(
      /^A payment provider is required in production: set STRIPE_SECRET_KEY .* or PROXYPAY_API_KEY .* or PAYMENTS_SANDBOX=1/,
    );
  });

  it('when PAYMENTS_SANDBOX=1 and no provider in production, then the sandbox runs (a demo)', () => {
    expect(loadConfig({ ...production, PAYMENTS_SANDBOX: '1' }).payments).toEqual({
      provider: 'sandbox',
    });
  });

  it('when PAYMENTS_SANDBOX=1 runs the sandbox in production, then the start warns loudly that it enrolls for free; nowhere else', () => {
    const warnings = startupWarnings(loadConfig({ ...production, PAYMENTS_SANDBOX: '1' }));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/PAYMENTS_SANDBOX=1 in production/);
    expect(warnings[0]).toMatch(/free/);
    expect(startupWarnings(loadConfig({ NODE_ENV: 'development' }))).toEqual([]);
    expect(
      startupWarnings(loadConfig({ ...production, ...stripe, PAYMENTS_SANDBOX: '1' })),
    ).toEqual([]);
  });

  it('when only Stripe is configured, then Stripe takes the payments', () => {
    expect(loadConfig({ ...production, ...stripe }).payments).toEqual({
      provider: 'stripe',
      stripe: stripeConfig,
    });
    expect(
      loadConfig({ ...production, ...stripe, CURRENCY: 'brl', STRIPE_BOLETO: '1' }).payments,
    ).toEqual({ provider: 'stripe', stripe: { ...stripeConfig, boleto: true } });
    expect(() => loadConfig({ ...production, STRIPE_SECRET_KEY: 'sk_live_x' })).toThrow(
      /^STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set/,
    );
  });

  it('when only ProxyPay is configured in production, then ProxyPay alone takes the payments, no PAYMENTS_SANDBOX needed', () => {
    expect(loadConfig({ ...production, ...proxypay }).payments).toEqual({
      provider: 'proxypay',
      proxypay: proxypayConfig,
    });
    expect(loadConfig({ ...production, ...proxypay, PROXYPAY_POS_ID: '42' }).payments).toEqual({
      provider: 'proxypay',
      proxypay: { ...proxypayConfig, posId: 42 },
    });
  });

  it('when only ProxyPay is configured outside production, then it runs alone there too (no sandbox card)', () => {
    expect(loadConfig({ NODE_ENV: 'development', ...proxypay }).payments).toEqual({
      provider: 'proxypay',
      proxypay: { ...proxypayConfig, baseUrl: 'https://api.sandbox.proxypay.co.ao' },
    });
  });

  it('when Stripe and ProxyPay are both configured (kwanzas), then Stripe keeps the card and ProxyPay the rest', () => {
    expect(loadConfig({ ...production, ...stripe, ...proxypay }).payments).toEqual({
      provider: 'stripe+proxypay',
      stripe: stripeConfig,
      proxypay: proxypayConfig,
    });
  });

  it.each([
    ['Stripe', stripe, 'stripe'],
    ['ProxyPay', proxypay, 'proxypay'],
    ['Stripe and ProxyPay', { ...stripe, ...proxypay }, 'stripe+proxypay'],
  ])(
    'when %s is configured and PAYMENTS_SANDBOX=1 too, then the provider wins: the free sandbox never runs beside real money',
    (_case, keys, provider) => {
      expect(loadConfig({ ...production, ...keys, PAYMENTS_SANDBOX: '1' }).payments.provider).toBe(
        provider,
      );
    },
  );

  it('when ProxyPay is configured with a currency other than kwanzas, then the start fails naming CURRENCY', () => {
    expect(() => loadConfig({ ...production, ...proxypay, CURRENCY: 'eur' })).toThrow(
      /^PROXYPAY_API_KEY needs CURRENCY=aoa/,
    );
  });
});

describe('PLATFORM_FEE_PERCENT', () => {
  it('when it is unset or empty, then the platform takes nothing, as before', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).platformFeePercent).toBe(0);
    expect(
      loadConfig({ NODE_ENV: 'development', PLATFORM_FEE_PERCENT: '' }).platformFeePercent,
    ).toBe(0);
  });

  it('when it is a percentage with up to two decimals, then it is the fee', () => {
    expect(
      loadConfig({ NODE_ENV: 'development', PLATFORM_FEE_PERCENT: '9.9' }).platformFeePercent,
    ).toBe(9.9);
    expect(
      loadConfig({ NODE_ENV: 'development', PLATFORM_FEE_PERCENT: '100' }).platformFeePercent,
    ).toBe(100);
  });

  it('when it is negative, above 100, finer than a hundredth or not a number, then the start fails naming the variable', () => {
    for (const value of ['-1', '100.5', '9.999', 'dez']) {
      expect(() => loadConfig({ NODE_ENV: 'development', PLATFORM_FEE_PERCENT: value })).toThrow(
        /PLATFORM_FEE_PERCENT/,
      );
    }
  });
});
