import { BRAND_NAME } from '@aprendiz/contract/brand';

export type Env = {
  /** '' means the same origin as the page (the server also serves the client). */
  backendUrl: string;
  /** Set: Clerk is the sign-in provider; empty: local accounts. */
  clerkPublishableKey: string;
  /**
   * The CURRENCY code the build saw (client/vite.config.ts): only a fallback, as the server writes its
   * own onto every page it serves (config/storefront.ts).
   */
  currency: string;
  brand: string;
  formEndpoint: string;
  calendlyUrl: string;
};

const DEFAULT_CALENDLY_URL = 'https://calendly.com/aprendiz/mentoria';

// Read by hand rather than with zod: this module sits in the entry chunk, whose budget is 120 kB, and
// every value is an optional string with a default.
function text(source: Record<string, unknown>, key: string, fallback = ''): string {
  const value = source[key];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback;
}

/** Builds the client configuration from Vite's `import.meta.env`; blank values fall back to the defaults. */
export function parseEnv(source: Record<string, unknown>): Env {
  const backendUrl = text(source, 'VITE_BACKEND_URL').replace(/\/+$/, '');
  return {
    backendUrl,
    clerkPublishableKey: text(source, 'VITE_CLERK_PUBLISHABLE_KEY'),
    currency: text(source, 'VITE_CURRENCY', 'aoa'),
    brand: text(source, 'VITE_BRAND', BRAND_NAME),
    formEndpoint: text(source, 'VITE_FORM_ENDPOINT', `${backendUrl}/api/contact`),
    calendlyUrl: text(source, 'VITE_CALENDLY_URL', DEFAULT_CALENDLY_URL),
  };
}

export const env: Env = parseEnv(import.meta.env);
