import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { privacyDeadline } from '@aprendiz/contract/privacy';
import { createStaff } from '../../test/fixtures/staff-fixtures';
import { createTestContext, type TestContext } from '../../test/test-app';
import { insertPrivacyRequest } from '../privacy/privacy.repository';

/** The console's privacy list: every export and deletion request with its LGPD deadline. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const DAY = 24 * 60 * 60 * 1000;

async function requestOf(kind: 'export' | 'deletion', status: string, daysAgo: number) {
  const person = await ctx.createUser({ name: `Pessoa ${kind} ${daysAgo}` });
  const requestedAt = new Date(Date.now() - daysAgo * DAY);
  const row = await insertPrivacyRequest(ctx.database.db, {
    userId: person.user.id,
    kind,
    status: status as 'pending',
    requestedAt,
    dueAt: privacyDeadline(requestedAt),
  });
  return { person, row };
}

describe('privacy requests in the console', () => {
  it('when support lists the requests, then each shows its person, its 15-day deadline, and the open one past it is overdue; a finished one never is', async () => {
    const support = await createStaff(ctx, 'support');
    const late = await requestOf('export', 'pending', 20);
    const fresh = await requestOf('deletion', 'scheduled', 2);
    const answered = await requestOf('export', 'ready', 30);

    const res = await request(ctx.app).get('/api/admin/privacy-requests').set(support.auth);
    expect(res.status).toBe(200);
    const byId = new Map((res.body.requests as { id: string }[]).map((r) => [r.id, r] as const));
    expect(byId.get(late.row.id)).toMatchObject({
      kind: 'export',
      status: 'pending',
      userId: late.person.user.id,
      userName: late.person.user.name,
      userEmail: late.person.user.email,
      dueAt: privacyDeadline(late.row.requestedAt).toISOString(),
      overdue: true,
    });
    expect(byId.get(fresh.row.id)).toMatchObject({ kind: 'deletion', overdue: false });
    expect(byId.get(answered.row.id)).toMatchObject({ status: 'ready', overdue: false });

    const deletions = await request(ctx.app)
      .get('/api/admin/privacy-requests?kind=deletion&open=1')
      .set(support.auth);
    expect(
      (deletions.body.requests as { kind: string }[]).every((r) => r.kind === 'deletion'),
    ).toBe(true);
    expect((deletions.body.requests as { id: string }[]).map((r) => r.id)).toContain(fresh.row.id);
  });

  it('when the filter is not one the list knows, then 400 in Portuguese', async () => {
    const support = await createStaff(ctx, 'support');
    const res = await request(ctx.app)
      .get('/api/admin/privacy-requests?kind=tudo')
      .set(support.auth);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Tipo inválido: use export ou deletion');
  });
});
