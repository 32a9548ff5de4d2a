import { describe, expect, it } from 'vitest';
import { parseEnv } from './env';

describe('parseEnv', () => {
  it('when nothing is configured, then the same origin, local accounts, kwanzas and Aprendiz are used', () => {
    expect(parseEnv({})).toEqual({
      backendUrl: '',
      clerkPublishableKey: '',
      currency: 'aoa',
      brand: 'Aprendiz',
      formEndpoint: '/api/contact',
      calendlyUrl: expect.stringMatching(/^https:\/\//),
    });
  });

  it('when a backend address is given, then its trailing slash is dropped and the contact form posts there', () => {
    const env = parseEnv({ VITE_BACKEND_URL: 'https://api.example.com/' });
    expect(env.backendUrl).toBe('https://api.example.com');
    expect(env.formEndpoint).toBe('https://api.example.com/api/contact');
  });

  it('when values are blank, then the defaults apply, and set values win', () => {
    const env = parseEnv({
      VITE_CURRENCY: '  ',
      VITE_BRAND: 'Saber',
      VITE_CLERK_PUBLISHABLE_KEY: 'pk_test_123',
      VITE_FORM_ENDPOINT: 'https://forms.example.com/f/abc',
    });
    expect(env.currency).toBe('aoa');
    expect(env.brand).toBe('Saber');
    expect(env.clerkPublishableKey).toBe('pk_test_123');
    expect(env.formEndpoint).toBe('https://forms.example.com/f/abc');
  });
});
