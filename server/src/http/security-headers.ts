import type { RequestHandler } from 'express';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Our security headers: a CSP for the services the pages embed, and helmet's other defaults.
 * `mediaOrigins`: where lectures stream from besides us (a hosted video service's pull zone).
 */
export function helmetOptions(publicUrl: string, mediaOrigins: string[] = []): HelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        'script-src': [
          "'self'",
          'https://www.youtube.com',
          // The YouTube player library fetches the iframe API over the page's own scheme: on a
          // plain-HTTP deployment that is http://www.youtube.com/iframe_api.
          ...(publicUrl.startsWith('https:') ? [] : ['http://www.youtube.com']),
          'https://assets.calendly.com',
          'https://*.clerk.accounts.dev',
          'https://*.clerk.com',
        ],
        'frame-src': [
          "'self'",
          'https://www.youtube.com',
          'https://www.youtube-nocookie.com',
          'https://calendly.com',
          'https://*.clerk.accounts.dev',
          'https://checkout.stripe.com',
        ],
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'connect-src': ["'self'", 'https:'],
        'style-src': ["'self'", "'unsafe-inline'"],
        'worker-src': ["'self'", 'blob:'],
        // hls.js plays uploaded lectures through Media Source Extensions, whose source is a blob: URL.
        // Safari plays HLS natively, so a hosted service's pull zone is a media source of its own.
        'media-src': ["'self'", 'blob:', ...mediaOrigins],
        // Over plain HTTP on any host but localhost, browsers would upgrade every script and
        // stylesheet to an https:// that does not answer, leaving a blank page.
        'upgrade-insecure-requests': publicUrl.startsWith('https:') ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * helmet's headers, computed once at start and set in one loop: our policy has no per-request part
 * (no nonces), and running helmet's dozen middlewares on every request cost the cached catalogue
 * routes a tenth of their throughput. helmet itself decides every header and value; should it ever
 * need the request or finish later, start fails here rather than serving a page without them.
 */
export function securityHeaders(publicUrl: string, mediaOrigins: string[] = []): RequestHandler {
  const headers: [string, string][] = [];
  let finished = false;
  const recorder = {
    setHeader(name: string, value: string | number) {
      headers.push([name, String(value)]);
    },
    removeHeader() {},
  };
  helmet(helmetOptions(publicUrl, mediaOrigins))(
    {} as Parameters<RequestHandler>[0],
    recorder as unknown as Parameters<RequestHandler>[1],
    (err?: unknown) => {
      if (err) throw err instanceof Error ? err : new Error(String(err));
      finished = true;
    },
  );
  if (!finished) throw new Error('helmet did not set its headers synchronously');
  return (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}
