import { asc, eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_WORDING } from '@aprendiz/contract/account-security';
import { mailConsents } from '../../db/schema/account-security';
import { createTestContext, type TestContext } from '../../test/test-app';
import { createUnsubscribeLinks } from '../notifications/unsubscribe-links';
import { hasMarketingConsent } from './consent';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

async function recordsOf(userId: string) {
  return ctx.database.db
    .select({
      topic: mailConsents.topic,
      granted: mailConsents.granted,
      wording: mailConsents.wording,
      source: mailConsents.source,
    })
    .from(mailConsents)
    .where(eq(mailConsents.userId, userId))
    .orderBy(asc(mailConsents.recordedAt), asc(mailConsents.id));
}

const save = (auth: { Authorization: string }, body: object) =>
  request(ctx.app).put('/api/notifications/preferences').set(auth).send(body);

describe('consent records for e-mails', () => {
  it('when nobody chose anything, then activity mails are on, marketing is off, and no record exists', async () => {
    const { user, auth } = await ctx.createUser();
    const read = await request(ctx.app).get('/api/notifications/preferences').set(auth);
    expect(read.body.preferences).toEqual({ answers: true, digest: true, news: false });
    expect(await recordsOf(user.id)).toEqual([]);
    expect(await hasMarketingConsent(ctx.database.db, user.id)).toBe(false);
  });

  it('when marketing is ticked on the profile, then one yes record keeps the words shown, and marketing may be sent; unticked, a no follows and it may not', async () => {
    const { user, auth } = await ctx.createUser();
    await save(auth, { answers: true, digest: true, news: true }).expect(200);
    expect(await recordsOf(user.id)).toEqual([
      { topic: 'news', granted: true, wording: CONSENT_WORDING.news, source: 'profile' },
    ]);
    expect(await hasMarketingConsent(ctx.database.db, user.id)).toBe(true);

    // Saving the same choices again records nothing new; a client that leaves news out keeps it.
    await save(auth, { answers: true, digest: true, news: true }).expect(200);
    await save(auth, { answers: false, digest: true }).expect(200);
    expect(await hasMarketingConsent(ctx.database.db, user.id)).toBe(true);
    await save(auth, { answers: false, digest: true, news: false }).expect(200);

    expect(await recordsOf(user.id)).toEqual([
      { topic: 'news', granted: true, wording: CONSENT_WORDING.news, source: 'profile' },
      { topic: 'answers', granted: false, wording: CONSENT_WORDING.answers, source: 'profile' },
      { topic: 'news', granted: false, wording: CONSENT_WORDING.news, source: 'profile' },
    ]);
    expect(await hasMarketingConsent(ctx.database.db, user.id)).toBe(false);
  });

  it("when a mail's one-click link stops a kind, then a no record says it came from the link", async () => {
    const { user } = await ctx.createUser();
    const links = createUnsubscribeLinks(
      ctx.config.auth.provider === 'local' ? ctx.config.auth.secret! : '',
      'http://app.test',
    );
    const url = new URL(links.url(user.id, 'digest'));
    await request(ctx.app).post(`${url.pathname}${url.search}`).expect(200);
    expect(await recordsOf(user.id)).toEqual([
      { topic: 'digest', granted: false, wording: CONSENT_WORDING.digest, source: 'link' },
    ]);
  });

  it('when the body is not a choice, then 400 and no record', async () => {
    const { user, auth } = await ctx.createUser();
    expect((await save(auth, { answers: true, digest: true, news: 'sim' })).status).toBe(400);
    expect(await recordsOf(user.id)).toEqual([]);
  });
});
