import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PURCHASE_STATUSES, type PurchaseStatus } from '@aprendiz/contract/payments';
import {
  isAllowedTransition,
  nextStatus,
  PURCHASE_TRANSITIONS,
  SIGNAL_EFFECTS,
  type PurchaseSignal,
} from './purchase-lifecycle';

const SERVER_SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../');
const LIFECYCLE_FILE = path.join('modules', 'payments', 'lifecycle', 'purchase-lifecycle.ts');

/** One signal of each type, so every row of SIGNAL_EFFECTS is walked. */
const SAMPLE_SIGNALS: PurchaseSignal[] = [
  { type: 'paid', paidRef: null },
  { type: 'paid_for_owned', paidRef: null },
  { type: 'awaiting_money', method: 'boleto', expiresAt: new Date() },
  { type: 'abandoned' },
  { type: 'refused' },
  { type: 'not_issued' },
  { type: 'lapsed' },
  {
    type: 'new_attempt',
    voucher: true,
    attempt: {
      amount: '1.00',
      platformFee: '0.00',
      listAmount: null,
      couponId: null,
      currency: 'brl',
      method: 'pix',
      provider: 'sandbox',
      expiresAt: null,
    },
  },
  {
    type: 'new_attempt',
    voucher: false,
    attempt: {
      amount: '1.00',
      platformFee: '0.00',
      listAmount: null,
      couponId: null,
      currency: 'brl',
      method: 'card',
      provider: 'sandbox',
      expiresAt: null,
    },
  },
  { type: 'refund_requested', reason: null },
  { type: 'refund_settled' },
];

async function sourceFiles(dir: string): Promise<string[]> {
  const names = await readdir(dir, { recursive: true });
  return names
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .filter((name) => !name.startsWith(`test${path.sep}`));
}

describe('the purchase lifecycle', () => {
  it('when any signal meets a purchase in any status, then it stays or moves along the table', () => {
    for (const from of PURCHASE_STATUSES) {
      for (const signal of SAMPLE_SIGNALS) {
        const to = nextStatus(from, signal);
        if (to !== null)
          expect(isAllowedTransition(from, to), `${from} -${signal.type}-> ${to}`).toBe(true);
      }
    }
  });

  it('when the table is read, then every transition it allows is made by some signal, and refunded is final', () => {
    const made = new Set<string>();
    for (const from of PURCHASE_STATUSES) {
      for (const signal of SAMPLE_SIGNALS) {
        const to = nextStatus(from, signal);
        if (to !== null && to !== from) made.add(`${from}->${to}`);
      }
    }
    const allowed = Object.entries(PURCHASE_TRANSITIONS).flatMap(([from, tos]) =>
      tos.map((to) => `${from}->${to}`),
    );
    expect([...made].sort()).toEqual(allowed.sort());
    expect(PURCHASE_TRANSITIONS.refunded).toEqual([]);
  });

  it('when money arrives late for an expired or failed purchase, then it completes; for a completed one, nothing changes', () => {
    const paid: PurchaseSignal = { type: 'paid', paidRef: null };
    expect(nextStatus('expired', paid)).toBe('completed');
    expect(nextStatus('failed', paid)).toBe('completed');
    expect(nextStatus('completed', paid)).toBeNull();
    expect(nextStatus('refunded', { type: 'refund_requested', reason: null })).toBeNull();
  });

  it('when each signal type is listed, then it has an effect', () => {
    const types = new Set(SAMPLE_SIGNALS.map((s) => s.type));
    expect([...types].sort()).toEqual(Object.keys(SIGNAL_EFFECTS).sort());
    for (const effect of Object.values(SIGNAL_EFFECTS))
      expect(effect.from.every((s: PurchaseStatus) => PURCHASE_STATUSES.includes(s))).toBe(true);
  });

  it('when the server source is read, then only the lifecycle module writes a purchase status or inserts a purchase', async () => {
    const offenders: string[] = [];
    for (const name of await sourceFiles(SERVER_SRC)) {
      if (name === LIFECYCLE_FILE || name.startsWith(`db${path.sep}seed${path.sep}`)) continue;
      const text = await readFile(path.join(SERVER_SRC, name), 'utf8');
      if (/\.insert\(purchases\)/.test(text)) offenders.push(`${name}: inserts a purchase`);
      if (/update\s+(purchases|\$\{purchases\})\s/i.test(text))
        offenders.push(`${name}: updates purchases in SQL`);
      for (const match of text.matchAll(/\.update\(purchases\)([\s\S]*?)\.where\(/g)) {
        const assignment = match[1]!;
        // An inline object literal, so this check can see every column it writes.
        if (!/^\s*\.set\(\{/.test(assignment))
          offenders.push(`${name}: sets purchases from a variable`);
        if (/\bstatus\b/.test(assignment)) offenders.push(`${name}: writes purchases.status`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
