import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  accountSessionsResponseSchema,
  verifyEmailBodySchema,
} from '@aprendiz/contract/account-security';
import { authResponseSchema } from '@aprendiz/contract/auth';
import { RESEND_MAX_PER_WINDOW } from '@aprendiz/contract/rules/verification-resend';
import { emailVerificationTokens } from '../../db/schema/account-security';
import { users } from '../../db/schema/users';
import { startSmtpCapture, type SmtpCapture } from '../smtp-capture';
import { createTestContext, type TestContext } from '../test-app';
import { snapshotStore, type StoreSnapshot } from './store-snapshot';
import { fuzzInput, hostileString, wrongValue, type FuzzHints } from './zod-arbitrary';

/**
 * The sessions and e-mail confirmation endpoints fed hostile input by anyone who can reach them:
 * never a 5xx, and a refusal leaves every table as it was. The person has two open sessions and
 * one ended; a stranger has a verified account of their own. Requests that would rightly write
 * (the person ending their own sessions, a stranger ending theirs, the real link) are never
 * generated: each is tested where its effect is checked (sessions.test.ts, email-verification.test.ts).
 */

const SEED = 20_261_128;
const PASSWORD = 'senha-que-ninguem-adivinha-42';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

type Role = 'anonymous' | 'forged token' | 'ended session' | 'person' | 'stranger';

let smtp: SmtpCapture;
let ctx: TestContext;
let known: StoreSnapshot;
let headers: Record<Role, Record<string, string>>;
/** The person's open sessions, the one they ended, and the stranger's. */
let ids: { personCurrent: string; personOther: string; ended: string; stranger: string };
let realLink: string;

async function signUp(name: string, email: string) {
  const res = await request(ctx.app)
    .post('/api/auth/sign-up')
    .set('User-Agent', FIREFOX_LINUX)
    .send({ name, email, password: PASSWORD })
    .expect(201);
  return authResponseSchema.parse(res.body);
}

async function signIn(email: string): Promise<string> {
  const res = await request(ctx.app)
    .post('/api/auth/sign-in')
    .send({ email, password: PASSWORD })
    .expect(200);
  return authResponseSchema.parse(res.body).token;
}

/** The caller's own session in the list: reading it also writes its last-seen time, once. */
async function currentSessionId(token: string): Promise<string> {
  const res = await request(ctx.app)
    .get('/api/account/sessions')
    .set('Authorization', `Bearer ${token}`)
    .expect(200);
  const current = accountSessionsResponseSchema.parse(res.body).sessions.find((s) => s.current);
  if (!current) throw new Error('the caller is not in its own list');
  return current._id;
}

beforeAll(async () => {
  smtp = await startSmtpCapture();
  ctx = await createTestContext({
    SMTP_URL: smtp.url,
    AUTH_RATE_LIMIT_MAX: '100000',
    PASSWORD_HASH_COST: '12',
  });
  const personEmail = 'fuzz.sessoes@exemplo.com.br';
  const person = await signUp('Pessoa Fuzz', personEmail);
  const other = await signIn(personEmail);
  const ending = await signIn(personEmail);
  const stranger = await signUp('Estranha Fuzz', 'fuzz.estranha@exemplo.com.br');
  await ctx.database.db
    .update(users)
    .set({ emailVerifiedAt: new Date() })
    .where(eq(users.id, stranger.user._id));

  ids = {
    personCurrent: await currentSessionId(person.token),
    personOther: await currentSessionId(other),
    ended: await currentSessionId(ending),
    stranger: await currentSessionId(stranger.token),
  };
  await request(ctx.app)
    .delete(`/api/account/sessions/${ids.ended}`)
    .set('Authorization', `Bearer ${person.token}`)
    .expect(200);

  // The hour's budget of links is spent (the sign-up's and these), so 'Reenviar' is refused for
  // the whole run, however slow the machine.
  await ctx.database.db.insert(emailVerificationTokens).values(
    Array.from({ length: RESEND_MAX_PER_WINDOW - 1 }, () => ({
      tokenHash: randomBytes(32).toString('hex'),
      userId: person.user._id,
      email: personEmail,
      expiresAt: new Date(Date.now() + 60 * 60_000),
    })),
  );
  const mail = await smtp.waitFor((m) => m.to === personEmail && m.subject.startsWith('Confirme'));
  realLink = /verify-email\?token=([A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;

  headers = {
    anonymous: {},
    'forged token': { Authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.' },
    'ended session': { Authorization: `Bearer ${ending}` },
    person: { Authorization: `Bearer ${person.token}` },
    stranger: { Authorization: `Bearer ${stranger.token}` },
  };
  // The mails' jobs are done before the store is compared.
  await vi.waitFor(
    async () => {
      const busy = (await ctx.deps.jobs.counts()).filter(
        (c) => c.count > 0 && ['created', 'retry', 'active'].includes(c.state),
      );
      expect(busy).toEqual([]);
    },
    { timeout: 15_000, interval: 100 },
  );
  known = await snapshotStore(ctx);
}, 60_000);
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const ROLES: Role[] = ['anonymous', 'forged token', 'ended session', 'person', 'stranger'];
const roleArb = fc.constantFrom(...ROLES);
/** Roles whose token does not stand for a live session: every one of them is a 401. */
const NO_SESSION: Role[] = ['anonymous', 'forged token', 'ended session'];

/** What a header may carry (Node refuses the rest before sending): printable ASCII. */
function inHeader(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, '').slice(0, 2000);
}

/** A lone surrogate cannot be percent-encoded; a browser sends U+FFFD in its place. */
function inPath(text: string): string {
  return encodeURIComponent(text.replace(/\p{Surrogate}/gu, '\uFFFD')).slice(0, 4000);
}

/** Any Authorization header: a role's, a garbled bearer, another scheme, a token cut short. */
const authorizationArb: fc.Arbitrary<Record<string, string>> = fc.oneof(
  { weight: 3, arbitrary: roleArb.map((role) => headers[role]) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom('Bearer ', 'bearer ', 'Basic ', 'Bearer  ', ''), hostileString())
      .map(([scheme, text]) => ({ Authorization: inHeader(`${scheme}${text}`) })),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom<Role>('person', 'stranger', 'ended session')
      .chain((role) =>
        fc
          .nat({ max: 200 })
          .map((cut) => ({ Authorization: headers[role].Authorization!.slice(0, -1 - cut) })),
      ),
  },
);

function jsonBody(body: unknown): string {
  return JSON.stringify(body) ?? '';
}

async function expectRefusedHarmlessly(res: request.Response, status?: number): Promise<void> {
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
  expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(400);
  if (status !== undefined) expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.success).toBe(false);
  expect(res.body.message).toMatch(/\S/);
  expect(await snapshotStore(ctx)).toEqual(known);
}

describe('hostile input on the sessions and e-mail confirmation endpoints', () => {
  it('GET /api/account/sessions: any Authorization, never a 5xx; the person reads their two open sessions, no one else reads anything, nothing changes', async () => {
    await fc.assert(
      fc.asyncProperty(authorizationArb, async (authorization) => {
        const res = await request(ctx.app).get('/api/account/sessions').set(authorization);
        expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
        if (authorization.Authorization === headers.person.Authorization) {
          expect(res.status).toBe(200);
          const listed = accountSessionsResponseSchema.parse(res.body).sessions.map((s) => s._id);
          expect(listed.sort()).toEqual([ids.personCurrent, ids.personOther].sort());
          expect(await snapshotStore(ctx)).toEqual(known);
        } else if (authorization.Authorization === headers.stranger.Authorization) {
          expect(res.status).toBe(200);
          expect(res.body.sessions.map((s: { _id: string }) => s._id)).toEqual([ids.stranger]);
        } else {
          await expectRefusedHarmlessly(res, 401);
        }
      }),
      { seed: SEED, numRuns: 25 },
    );
  });

  it("DELETE /api/account/sessions/:id: any id as any role ends no session it does not own, and someone else's is a 404", async () => {
    // Each role's own open sessions are left out: ending them is the endpoint's purpose.
    const own: Record<Role, string[]> = {
      anonymous: [],
      'forged token': [],
      'ended session': [],
      person: [ids.personCurrent, ids.personOther],
      stranger: [ids.stranger],
    };
    const idArb = fc.oneof(
      {
        weight: 3,
        arbitrary: fc.constantFrom(ids.personCurrent, ids.personOther, ids.ended, ids.stranger),
      },
      { weight: 1, arbitrary: fc.uuid() },
      { weight: 2, arbitrary: hostileString().map(inPath) },
    );
    await fc.assert(
      fc.asyncProperty(roleArb, idArb, async (role, id) => {
        fc.pre(!own[role].includes(id));
        const res = await request(ctx.app).delete(`/api/account/sessions/${id}`).set(headers[role]);
        const expected = NO_SESSION.includes(role) ? 401 : undefined;
        await expectRefusedHarmlessly(res, expected);
        if (!NO_SESSION.includes(role) && Object.values(ids).includes(id))
          expect(res.status).toBe(404);
      }),
      { seed: SEED, numRuns: 30 },
    );
  });

  it('POST /api/account/sessions/end-others: any body and any token that is not a live session is a 401 that ends nothing', async () => {
    const deadAuthorizationArb = fc.oneof(
      fc.constantFrom(...NO_SESSION).map((role) => headers[role]),
      hostileString().map((text) => ({ Authorization: inHeader(`Bearer ${text}`) })),
    );
    await fc.assert(
      fc.asyncProperty(
        deadAuthorizationArb,
        fc.oneof(wrongValue(), fc.dictionary(hostileString(), hostileString(), { maxKeys: 3 })),
        async (authorization, body) => {
          const res = await request(ctx.app)
            .post('/api/account/sessions/end-others')
            .set(authorization)
            .set('Content-Type', 'application/json')
            .send(jsonBody(body));
          // A body Express cannot parse is a 400 before the token is looked at.
          await expectRefusedHarmlessly(res);
          expect([400, 401]).toContain(res.status);
        },
      ),
      { seed: SEED, numRuns: 25 },
    );
  });

  it('POST /api/auth/verify-email: any body as any role, near misses of the real link included, confirms nothing', async () => {
    // The real link's near misses: one character changed, cut short, padded, another case.
    const flipped = `${realLink.slice(0, -1)}${realLink.endsWith('A') ? 'B' : 'A'}`;
    const hints: FuzzHints = {
      uuids: [],
      texts: [flipped, realLink.slice(0, -1), `${realLink}=`, realLink.toUpperCase()],
    };
    await fc.assert(
      fc.asyncProperty(
        roleArb,
        fc.oneof(
          { weight: 4, arbitrary: fuzzInput(verifyEmailBodySchema, hints) },
          { weight: 1, arbitrary: wrongValue() },
        ),
        async (role, body) => {
          fc.pre(
            !(
              body &&
              typeof body === 'object' &&
              'token' in body &&
              String(body.token).trim() === realLink
            ),
          );
          const res = await request(ctx.app)
            .post('/api/auth/verify-email')
            .set(headers[role])
            .set('Content-Type', 'application/json')
            .send(jsonBody(body));
          await expectRefusedHarmlessly(res);
        },
      ),
      { seed: SEED, numRuns: 30 },
    );
  });

  it('POST /api/auth/verify-email/resend: 401 without a live session, 409 once confirmed, 429 past the budget; never a mail', async () => {
    const expected: Record<Role, number> = {
      anonymous: 401,
      'forged token': 401,
      'ended session': 401,
      person: 429,
      stranger: 409,
    };
    const resendBodyArb = fc.dictionary(
      fc.constantFrom('token', 'email', '__proto__', 'constructor'),
      fc.oneof(fc.constantFrom<unknown>(null, true, 0, -1, [], {}), fc.string({ maxLength: 20 })),
      { maxKeys: 3 },
    );
    const mailsBefore = smtp.mails.length;
    await fc.assert(
      // Small objects only: a bare value is a 400 from the JSON parser and a huge one a 413, both
      // before the session is read; the endpoint reads no body.
      fc.asyncProperty(roleArb, resendBodyArb, async (role, body) => {
        const res = await request(ctx.app)
          .post('/api/auth/verify-email/resend')
          .set(headers[role])
          .set('Content-Type', 'application/json')
          .send(jsonBody(body));
        await expectRefusedHarmlessly(res, expected[role]);
      }),
      { seed: SEED, numRuns: 20 },
    );
    expect(smtp.mails.length).toBe(mailsBefore);
  });
});
