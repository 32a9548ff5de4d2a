import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { createApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { openDatabase } from '../server/src/db/client';
import { migrate } from '../server/src/db/migrate';
import { seedDemoData } from '../server/src/db/seed/seed';
import { buildDeps } from '../server/src/deps';
import { createLogger } from '../server/src/logger';
import { CHECK_INTERVAL_MS } from '../server/src/modules/payments/payment-attempts';
import { insertUser } from '../server/src/modules/users/users.repository';
import { createLocalTokens } from '../server/src/providers/auth-local';

/** 'Já paguei' is pressed by this many connections at once, for this long. */
const CHECK_CONNECTIONS = 10;
const CHECK_SECONDS = 12;
/** Forgot-password requests timed per kind of address, after as many to warm up. */
const FORGOT_SAMPLES = 300;
/** The medians of a known and an unknown address may differ by this much at most. */
export const FORGOT_MEDIAN_GAP_BUDGET_MS = 1;

interface BudgetRow {
  budget: string;
  /** What the configuration allows. */
  allowed: number;
  /** Answers before the first 429, and whether one came right after. */
  servedBefore429: number;
  refusedNext: boolean;
}

export interface BudgetResults {
  coupons: { perAccount: BudgetRow; perAddress: BudgetRow };
  check: {
    seconds: number;
    rps: number;
    answers: Record<string, number>;
    providerCalls: number;
    allowedCalls: number;
  };
  pushes: { perPhone: BudgetRow; perAccount: BudgetRow };
  forgot: {
    samples: number;
    knownMedianMs: number;
    unknownMedianMs: number;
    knownP90Ms: number;
    unknownP90Ms: number;
    /** How often the best single threshold on the time tells a known address from an unknown one. */
    bestGuessRate: number;
  };
}

function percentile(times: number[], p: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}

/** The best accuracy any "slower than t means known" rule reaches on these samples (0.5 = a coin). */
function bestGuessRate(known: number[], unknown: number[]): number {
  const all = [
    ...known.map((t) => ({ t, known: true })),
    ...unknown.map((t) => ({ t, known: false })),
  ];
  all.sort((a, b) => a.t - b.t);
  // Threshold below everything: every sample guessed known.
  let right = known.length;
  let best = right;
  for (const sample of all) {
    // Moving the threshold past this sample guesses it unknown.
    right += sample.known ? -1 : 1;
    best = Math.max(best, right, all.length - right);
  }
  return best / all.length;
}

/** Sends `ask` until the first 429 (or `limit` answers), counting what came before it. */
async function untilRefused(
  limit: number,
  ask: (i: number) => Promise<Response>,
): Promise<{ served: number; refused: boolean; statuses: Set<number> }> {
  const statuses = new Set<number>();
  for (let i = 0; i < limit; i++) {
    const res = await ask(i);
    await res.arrayBuffer();
    if (res.status === 429) return { served: i, refused: true, statuses };
    statuses.add(res.status);
  }
  return { served: limit, refused: false, statuses };
}

/**
 * In process on PGlite with the demo catalogue, as production is configured (sandbox payments):
 * the budgets of issue 44 met by a script that keeps asking. The provider calls are counted on the
 * sandbox provider, the fake every instance without a payment account runs.
 */
export async function measureBudgets(): Promise<BudgetResults> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'aprendiz-bench-budgets-'));
  const secret = randomBytes(48).toString('base64');
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    AUTH_SECRET: secret,
    PAYMENTS_SANDBOX: '1',
    CURRENCY: 'aoa',
    // Production with local accounts needs an SMTP server; nothing listens there, so reset mails
    // wait for their retries, on both kinds of address alike.
    SMTP_URL: 'smtp://127.0.0.1:25',
    // The forgot-password timing needs hundreds of requests from one address: its own rate limit
    // (20 a window) would answer them all with 429 after the first few.
    AUTH_RATE_LIMIT_MAX: '1000000',
    LOG_LEVEL: 'silent',
  });
  const database = await openDatabase({ kind: 'pglite', dataDir });
  await migrate(database.db);
  await seedDemoData(database.db, {
    uploadDir: path.join(dataDir, 'uploads'),
    demoAccounts: false,
  });
  const deps = await buildDeps(config, database, createLogger('silent'));
  const vouchers = deps.payments.vouchers;
  if (!vouchers) throw new Error('the sandbox provider has no vouchers to ask about');
  let providerCalls = 0;
  const status = vouchers.status.bind(vouchers);
  vouchers.status = (...args: Parameters<typeof status>) => {
    providerCalls++;
    return status(...args);
  };
  const app = createApp(deps);
  const server = app.listen(0);
  const tokens = createLocalTokens(secret);
  const person = async (email = `${randomUUID()}@bench.test`, passwordHash?: string) => {
    const user = await insertUser(database.db, {
      id: `usr_${randomUUID().replaceAll('-', '').slice(0, 20)}`,
      name: 'Bench',
      email,
      ...(passwordHash ? { passwordHash } : {}),
    });
    return { Authorization: `Bearer ${await tokens.issue(user.id)}` };
  };
  try {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const json = { 'Content-Type': 'application/json' };
    const catalogue = (await (await fetch(`${base}/api/course/all`)).json()) as {
      courses: { _id: string; coursePrice: number; discount: number }[];
    };
    const paid = catalogue.courses.filter((c) => c.coursePrice * (1 - c.discount / 100) > 0);
    if (paid.length < config.pushPaymentsPerPhone * 2 + 1)
      throw new Error(`the demo catalogue has only ${paid.length} paid courses`);
    const course = paid[0]!;

    console.log('  coupon lookups…');
    const guesser = await person();
    const quote = (code: string, auth?: Record<string, string>) =>
      fetch(`${base}/api/course/${course._id}/quote?coupon=${code}`, { headers: auth ?? {} });
    const perAccount = await untilRefused(1000, (i) => quote(`ERRADO${i}`, guesser));
    // The same address goes on without an account: its budget already holds the account's misses.
    const anonymous = await untilRefused(1000, (i) => quote(`NADA${i}`));
    const coupons = {
      perAccount: {
        budget: 'unknown coupon codes per account (15 min)',
        allowed: config.couponMissesPerUser,
        servedBefore429: perAccount.served,
        refusedNext: perAccount.refused,
      },
      perAddress: {
        budget: 'unknown coupon codes per address (15 min)',
        allowed: config.couponMissesPerUser * 3,
        servedBefore429: perAccount.served + anonymous.served,
        refusedNext: anonymous.refused,
      },
    };

    console.log("  'Já paguei'…");
    const buyer = await person();
    const started = await fetch(`${base}/api/user/purchase`, {
      method: 'POST',
      headers: { ...json, ...buyer },
      body: JSON.stringify({ courseId: course._id, method: 'reference' }),
    });
    const purchaseId = String(
      ((await started.json()) as { session_url?: string }).session_url ?? '',
    )
      .split('/')
      .pop()!;
    providerCalls = 0;
    const answers: Record<string, number> = {};
    const pressed = await autocannon({
      url: `${base}/api/payments/${purchaseId}/check`,
      method: 'POST',
      headers: buyer,
      connections: CHECK_CONNECTIONS,
      duration: CHECK_SECONDS,
      requests: [
        {
          onResponse: (code) => {
            answers[code] = (answers[code] ?? 0) + 1;
          },
        },
      ],
    });
    const check = {
      seconds: CHECK_SECONDS,
      rps: pressed.requests.average,
      answers,
      providerCalls,
      allowedCalls: Math.floor((CHECK_SECONDS * 1000) / CHECK_INTERVAL_MS) + 1,
    };

    console.log('  pushes…');
    const phone = '923456789';
    const push = (auth: Record<string, string>, courseId: string, number: string) =>
      fetch(`${base}/api/user/purchase`, {
        method: 'POST',
        headers: { ...json, ...auth },
        body: JSON.stringify({ courseId, method: 'multicaixa_express', phone: number }),
      });
    // Each push from a new account, to one number: the number's budget, whoever asks.
    const perPhone = await untilRefused(50, async (i) =>
      push(await person(), paid[i % paid.length]!._id, phone),
    );
    // One account, a new number and course each time: the account's budget.
    const pusher = await person();
    const perAccountPushes = await untilRefused(paid.length, (i) =>
      push(pusher, paid[i]!._id, `92${String(1_000_000 + i).padStart(7, '0')}`),
    );
    const pushes = {
      perPhone: {
        budget: 'live pushes per phone number (10 min)',
        allowed: config.pushPaymentsPerPhone,
        servedBefore429: perPhone.served,
        refusedNext: perPhone.refused,
      },
      perAccount: {
        budget: 'live pushes per account (10 min)',
        allowed: config.pushPaymentsPerPhone * 2,
        servedBefore429: perAccountPushes.served,
        refusedNext: perAccountPushes.refused,
      },
    };

    console.log("  'Esqueceu a senha?' timing…");
    const knownEmail = `conhecida-${randomUUID().slice(0, 8)}@bench.test`;
    // Any stored hash makes it a local account; the request never reads it.
    await person(knownEmail, 'scrypt$bench');
    const forgot = async (email: string) => {
      const start = performance.now();
      const res = await fetch(`${base}/api/auth/forgot-password`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ email }),
      });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`forgot-password answered ${res.status}`);
      return performance.now() - start;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < FORGOT_SAMPLES * 2; i++) {
      // Paired, in a random order each time, so whatever the machine does meanwhile (the jobs
      // these requests queue included) falls on both kinds alike.
      const stranger = `ninguem-${randomUUID().slice(0, 8)}@bench.test`;
      let k: number, u: number;
      if (Math.random() < 0.5) {
        k = await forgot(knownEmail);
        u = await forgot(stranger);
      } else {
        u = await forgot(stranger);
        k = await forgot(knownEmail);
      }
      if (i >= FORGOT_SAMPLES) {
        known.push(k);
        unknown.push(u);
      }
    }
    return {
      coupons,
      check,
      pushes,
      forgot: {
        samples: FORGOT_SAMPLES,
        knownMedianMs: percentile(known, 0.5),
        unknownMedianMs: percentile(unknown, 0.5),
        knownP90Ms: percentile(known, 0.9),
        unknownP90Ms: percentile(unknown, 0.9),
        bestGuessRate: bestGuessRate(known, unknown),
      },
    };
  } finally {
    await new Promise((resolve) => server.close(resolve));
    await deps.close();
    await database.close();
  }
}

function budgetLine(row: BudgetRow): string {
  const ok = row.refusedNext && row.servedBefore429 <= row.allowed;
  return `| ${row.budget} | ${row.allowed} | ${row.servedBefore429} | ${row.refusedNext ? '429' : 'none'} | ${ok ? 'pass' : '**FAIL**'} |`;
}

export function budgetsSection(results: BudgetResults | { notMeasured: string }): string {
  if ('notMeasured' in results)
    return `## Hardening: budgets\n\nNot measured: ${results.notMeasured}\n`;
  const { coupons, check, pushes, forgot } = results;
  const checkOk = check.providerCalls <= check.allowedCalls;
  const gap = forgot.knownMedianMs - forgot.unknownMedianMs;
  const gapOk = Math.abs(gap) <= FORGOT_MEDIAN_GAP_BUDGET_MS;
  const answers = Object.entries(check.answers)
    .map(([code, n]) => `${code}: ${n}`)
    .join(', ');
  return `## Hardening: budgets

In process on PGlite with the demo catalogue, configured as production with sandbox payments; a
script asks again and again from one address.

| budget | allowed | answered before the first 429 | next answer | |
|---|---|---|---|---|
${[coupons.perAccount, coupons.perAddress, pushes.perPhone, pushes.perAccount].map(budgetLine).join('\n')}

The address's coupon count holds the account's misses too (both from 127.0.0.1).

'Já paguei' pressed by ${CHECK_CONNECTIONS} connections for ${check.seconds} s on one purchase:
${check.rps.toFixed(0)} req/s (${answers}), **${check.providerCalls}** calls to the provider (budget
≤ ${check.allowedCalls}, one per ${CHECK_INTERVAL_MS / 1000} s): ${checkOk ? 'pass' : '**FAIL**'}.

'Esqueceu a senha?', ${forgot.samples} requests each, alternated: an address with an account
answers in ${forgot.knownMedianMs.toFixed(2)} ms median (p90 ${forgot.knownP90Ms.toFixed(2)}), one
without in ${forgot.unknownMedianMs.toFixed(2)} ms (p90 ${forgot.unknownP90Ms.toFixed(2)}): a
difference of ${gap.toFixed(2)} ms (budget ±${FORGOT_MEDIAN_GAP_BUDGET_MS} ms): ${gapOk ? 'pass' : '**FAIL**'}.
The best threshold on one request's time tells them apart ${(forgot.bestGuessRate * 100).toFixed(0)} %
of the time (50 % is a coin).
`;
}
