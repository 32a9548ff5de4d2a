import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import { exportJWK, exportSPKI, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import request from 'supertest';
import { Webhook } from 'svix';

/** Test data only: what Clerk would sign, send and answer, without reaching Clerk. */

export const CLERK_TEST_SECRET_KEY = 'sk_test_aprendiz_fake_secret';
export const CLERK_TEST_AZP = 'http://app.test';
/** Nothing listens here: a context given this Clerk API must never need it. */
export const NO_CLERK_API = 'http://127.0.0.1:9';

export function newClerkWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

export function newClerkId(): string {
  return `user_${randomUUID().replaceAll('-', '').slice(0, 24)}`;
}

/** The environment of a test context that verifies Clerk's webhooks and calls Clerk at `apiUrl`. */
export function clerkTestEnv(webhookSecret: string, apiUrl = NO_CLERK_API): NodeJS.ProcessEnv {
  return {
    CLERK_SECRET_KEY: CLERK_TEST_SECRET_KEY,
    CLERK_WEBHOOK_SECRET: webhookSecret,
    CLERK_API_URL: apiUrl,
  };
}

/** Posts `payload` as Clerk's svix delivery does: svix-id, svix-timestamp, svix-signature over the raw body. */
export function postClerkWebhook(
  app: Express,
  webhookSecret: string,
  payload: string,
  deliveryId = `msg_${randomUUID()}`,
) {
  const timestamp = new Date();
  return request(app)
    .post('/api/webhooks/clerk')
    .set('Content-Type', 'application/json')
    .set('svix-id', deliveryId)
    .set('svix-timestamp', String(Math.floor(timestamp.getTime() / 1000)))
    .set('svix-signature', new Webhook(webhookSecret).sign(deliveryId, timestamp, payload))
    .send(payload);
}

export interface ClerkKeys {
  kid: string;
  privateKey: CryptoKey;
  /** SPKI PEM, the format of CLERK_JWT_KEY. */
  publicPem: string;
  publicJwk: JWK;
}

export async function createClerkKeys(kid = 'ins_test_key'): Promise<ClerkKeys> {
  // 2048-bit RSA is what Clerk issues, and what @clerk/backend's PEM reader expects.
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  return { kid, privateKey, publicPem: await exportSPKI(publicKey), publicJwk };
}

/** A session token shaped like Clerk's: sub, sid, azp, iss, iat, nbf, exp (60 s by default). */
export async function signClerkToken(
  keys: ClerkKeys,
  userId: string,
  options: { expiresAt?: number; notBefore?: number; claims?: Record<string, unknown> } = {},
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const expiresAt = options.expiresAt ?? now + 60;
  return new SignJWT({ sid: `sess_${userId}`, azp: CLERK_TEST_AZP, ...options.claims })
    .setProtectedHeader({ alg: 'RS256', kid: keys.kid, typ: 'JWT' })
    .setSubject(userId)
    .setIssuer('https://aprendiz-test.clerk.accounts.dev')
    .setIssuedAt(Math.min(now, expiresAt - 60))
    .setNotBefore(options.notBefore ?? Math.min(now - 10, expiresAt - 70))
    .setExpirationTime(expiresAt)
    .sign(keys.privateKey);
}

export interface ClerkUserFixture {
  id: string;
  firstName?: string | null;
  lastName?: string | null;
  username?: string | null;
  email?: string | null;
  imageUrl?: string;
  role?: string;
}

/** A Clerk user object as the Backend API and the webhooks send it. */
export function clerkUserJson(user: ClerkUserFixture): Record<string, unknown> {
  const emailId = `idn_${user.id}`;
  const now = Date.now();
  return {
    object: 'user',
    id: user.id,
    username: user.username ?? null,
    first_name: user.firstName === undefined ? 'Ana' : user.firstName,
    last_name: user.lastName === undefined ? 'Clerk' : user.lastName,
    image_url: user.imageUrl ?? `https://img.clerk.com/${user.id}.png`,
    has_image: true,
    primary_email_address_id: user.email ? emailId : null,
    primary_phone_number_id: null,
    primary_web3_wallet_id: null,
    password_enabled: true,
    two_factor_enabled: false,
    totp_enabled: false,
    backup_code_enabled: false,
    email_addresses: user.email
      ? [
          {
            object: 'email_address',
            id: `idn_other_${user.id}`,
            email_address: `antigo.${user.email}`,
            verification: {
              status: 'verified',
              strategy: 'email_code',
              attempts: 1,
              expire_at: now,
            },
            linked_to: [],
          },
          {
            object: 'email_address',
            id: emailId,
            email_address: user.email,
            verification: {
              status: 'verified',
              strategy: 'email_code',
              attempts: 1,
              expire_at: now,
            },
            linked_to: [],
          },
        ]
      : [],
    phone_numbers: [],
    web3_wallets: [],
    external_accounts: [],
    enterprise_accounts: [],
    public_metadata: user.role ? { role: user.role } : {},
    private_metadata: {},
    unsafe_metadata: {},
    external_id: null,
    last_sign_in_at: now,
    banned: false,
    locked: false,
    created_at: now,
    updated_at: now,
    last_active_at: now,
    create_organization_enabled: true,
    create_organizations_limit: null,
    delete_self_enabled: true,
    legal_accepted_at: null,
  };
}

export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: unknown;
}

export interface FakeClerkApi {
  url: string;
  /** Every request the server made, in order. */
  requests: RecordedRequest[];
  /** Users GET /v1/users/:id answers with; others get Clerk's 404. */
  users: Map<string, ClerkUserFixture>;
  /** JWKS served at GET /v1/jwks. */
  jwks: JWK[];
  /** When set, every request is answered with this status and a Clerk error body. */
  failWith: number | null;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as unknown) : undefined;
}

/** A local stand-in for Clerk's Backend API (https://api.clerk.com/v1), reached through CLERK_API_URL. */
export async function startFakeClerkApi(): Promise<FakeClerkApi> {
  const fake: Omit<FakeClerkApi, 'url' | 'close'> = {
    requests: [],
    users: new Map(),
    jwks: [],
    failWith: null,
  };
  const server = createServer((req, res) => {
    void (async () => {
      const path = new URL(req.url ?? '/', 'http://fake').pathname;
      const body = await readBody(req);
      fake.requests.push({
        method: req.method ?? '',
        path,
        authorization: req.headers.authorization,
        body,
      });
      const send = (status: number, payload: unknown) => {
        // @clerk/backend parses JSON only when the content type is exactly this.
        res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(payload));
      };
      const notFound = () =>
        send(404, {
          errors: [{ code: 'resource_not_found', message: 'not found', long_message: 'not found' }],
        });
      if (fake.failWith) {
        send(fake.failWith, {
          errors: [{ code: 'internal_error', message: 'boom', long_message: 'boom' }],
        });
        return;
      }
      if (req.method === 'GET' && path === '/v1/jwks') {
        send(200, { keys: fake.jwks });
        return;
      }
      const match = /^\/v1\/users\/([^/]+)(\/metadata)?$/.exec(path);
      const user = match ? fake.users.get(decodeURIComponent(match[1]!)) : undefined;
      if (!match || !user) {
        notFound();
        return;
      }
      if (req.method === 'GET' && !match[2]) {
        send(200, clerkUserJson(user));
        return;
      }
      if (req.method === 'PATCH' && match[2]) {
        const role = (body as { public_metadata?: { role?: string } } | undefined)?.public_metadata
          ?.role;
        if (role) user.role = role;
        send(200, clerkUserJson(user));
        return;
      }
      notFound();
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
