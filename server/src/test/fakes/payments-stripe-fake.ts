import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import { createApp } from '../../app';
import { createTestContext, type TestContext } from '../test-app';
import { createStripePayments } from '../../modules/payments/providers/stripe';
import type { StripePayments } from '../../modules/payments/providers/payment-provider';

/** Test helper: a local HTTP server playing the few Stripe API calls the app makes, recording each. */

export interface RecordedStripeRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  form: Record<string, string>;
}

export interface FakeStripeApi {
  recorded: RecordedStripeRequest[];
  /** The `api` option of createStripePayments that points the client here. */
  api: { host: string; port: number; protocol: 'http' };
  /** Answers every request whose path starts with `pathPrefix` with this error until succeed(). */
  failWith(status: number, body: object, pathPrefix?: string): void;
  succeed(): void;
  /**
   * Requests whose path starts with `pathPrefix` go unanswered until `release()`, as a slow
   * Stripe would leave them; `arrived` settles when the first of them comes in.
   */
  hold(pathPrefix: string): { arrived: Promise<void>; release(): void };
  /** What retrieving session `id` answers from now on (by default: complete, unpaid). */
  setSession(id: string, fields: { payment_status?: string; status?: string }): void;
  /** Forgets what was recorded and answers every request successfully again. */
  reset(): void;
  close(): Promise<void>;
}

type SessionFields = Record<string, string>;

function answer(
  req: RecordedStripeRequest,
  counters: { sessions: number; refunds: number },
  sessions: Map<string, SessionFields>,
) {
  if (req.method === 'POST' && req.path === '/v1/checkout/sessions') {
    const id = `cs_test_${++counters.sessions}`;
    return {
      status: 200,
      body: { id, object: 'checkout.session', url: `https://checkout.stripe.test/c/pay/${id}` },
    };
  }
  const expire = /^\/v1\/checkout\/sessions\/([^/?]+)\/expire/.exec(req.path);
  if (req.method === 'POST' && expire) {
    const id = decodeURIComponent(expire[1]!);
    // As Stripe: only an open session can be expired.
    if (sessions.get(id)?.status === 'complete')
      return {
        status: 400,
        body: {
          error: {
            type: 'invalid_request_error',
            message: `Only Checkout Sessions with a status in ["open"] can be expired.`,
          },
        },
      };
    return { status: 200, body: { id, object: 'checkout.session', status: 'expired' } };
  }
  const session = /^\/v1\/checkout\/sessions\/([^/?]+)/.exec(req.path);
  if (req.method === 'GET' && session) {
    const id = decodeURIComponent(session[1]!);
    return {
      status: 200,
      body: {
        id,
        object: 'checkout.session',
        payment_intent: `pi_for_${id}`,
        status: 'complete',
        payment_status: 'unpaid',
        ...sessions.get(id),
      },
    };
  }
  if (req.method === 'POST' && req.path === '/v1/refunds') {
    return {
      status: 200,
      body: {
        id: `re_test_${++counters.refunds}`,
        object: 'refund',
        status: 'succeeded',
        payment_intent: req.form.payment_intent,
      },
    };
  }
  return {
    status: 404,
    body: { error: { type: 'invalid_request_error', message: `No route ${req.path}` } },
  };
}

export async function startFakeStripeApi(): Promise<FakeStripeApi> {
  const recorded: RecordedStripeRequest[] = [];
  const counters = { sessions: 0, refunds: 0 };
  const sessions = new Map<string, SessionFields>();
  let failure: { status: number; body: object; pathPrefix: string } | null = null;
  let gate: { pathPrefix: string; parked: (() => void)[]; arrive: () => void } | null = null;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const entry: RecordedStripeRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        form: Object.fromEntries(new URLSearchParams(raw)),
      };
      recorded.push(entry);
      const reply = () => {
        const { status, body } =
          failure && entry.path.startsWith(failure.pathPrefix)
            ? failure
            : answer(entry, counters, sessions);
        res.statusCode = status;
        res.setHeader('Content-Type', 'application/json');
        res.end(JSON.stringify(body));
      };
      if (gate && entry.path.startsWith(gate.pathPrefix)) {
        gate.parked.push(reply);
        gate.arrive();
      } else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    recorded,
    api: { host: '127.0.0.1', port, protocol: 'http' },
    failWith: (status, body, pathPrefix = '/') => void (failure = { status, body, pathPrefix }),
    succeed: () => void (failure = null),
    hold: (pathPrefix) => {
      let arrive = () => {};
      const arrived = new Promise<void>((resolve) => (arrive = resolve));
      const held = { pathPrefix, parked: [] as (() => void)[], arrive };
      gate = held;
      return {
        arrived,
        release: () => {
          if (gate === held) gate = null;
          for (const reply of held.parked.splice(0)) reply();
        },
      };
    },
    setSession: (id, fields) =>
      void sessions.set(id, Object.fromEntries(Object.entries(fields).filter(([, v]) => v))),
    reset: () => {
      recorded.length = 0;
      sessions.clear();
      failure = null;
      gate = null;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // The Stripe client keeps its connections alive; close would wait for them otherwise.
        server.closeAllConnections();
      }),
  };
}

export interface StripeTestContext {
  ctx: TestContext;
  /** The app paying through the Stripe client, pointed at `stripe`. */
  app: Express;
  /** The app's dependencies, with that Stripe client as its payments. */
  deps: TestContext['deps'] & { payments: StripePayments };
  stripe: FakeStripeApi;
  close(): Promise<void>;
}

export async function createStripeTestContext(
  keys: { secretKey: string; webhookSecret: string },
  env: NodeJS.ProcessEnv = {},
): Promise<StripeTestContext> {
  const ctx = await createTestContext({
    STRIPE_SECRET_KEY: keys.secretKey,
    STRIPE_WEBHOOK_SECRET: keys.webhookSecret,
    ...env,
  });
  const stripe = await startFakeStripeApi();
  const deps = {
    ...ctx.deps,
    payments: createStripePayments({ ...keys, publicUrl: ctx.config.publicUrl, api: stripe.api }),
  };
  const app = createApp(deps);
  return {
    ctx,
    app,
    deps,
    stripe,
    close: async () => {
      await stripe.close();
      await ctx.close();
    },
  };
}
