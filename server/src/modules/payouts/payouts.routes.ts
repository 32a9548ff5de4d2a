import express, { Router } from 'express';
import {
  opsExportQuerySchema,
  opsPayoutsQuerySchema,
  payoutFailedBodySchema,
  payoutPaidBodySchema,
  payoutProfileInputSchema,
  statementMonthSchema,
  withdrawalBodySchema,
} from '@aprendiz/contract/payouts';
import { toMinorUnits } from '@aprendiz/contract/rules/currency';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { currentUser, requireAuth, requireEducator } from '../../http/auth';
import { badRequest, notFound } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { requireOperator } from '../jobs/ops.routes';
import { approvePayoutAsOperator, exportBatchCsv, listPayoutsForOperator } from './payouts-ops';
import {
  getBalance,
  getPayoutProfile,
  listPayouts,
  markPayoutFailed,
  markPayoutPaid,
  PAYOUT_NOT_FOUND,
  PROFILE_SAVED,
  payoutView,
  requestWithdrawal,
  savePayoutProfile,
  WITHDRAWAL_ASKED,
} from './payouts.service';
import { findPayout } from './payouts.repository';
import { buildStatement, statementCsv, statementPdf } from './statements';
import { stripeConnectFor } from './stripe-connect';
import { applyConnectEvent, startStripeOnboarding } from './stripe-connect.service';

const payoutIdSchema = z.uuid();
const STATEMENT_PATH = /^(\d{4}-\d{2})(?:\.(csv|pdf))?$/;

/**
 * The educator's side: `GET|PUT /api/educator/payout-profile`, `GET /api/educator/balance`,
 * `POST|GET /api/educator/payouts`, `GET /api/educator/payouts/:id` and
 * `GET /api/educator/statements/:month` (JSON, `.csv` or `.pdf`). Only their own: another
 * educator's payout is a 404, as one that does not exist.
 */
export function payoutsRoutes(deps: AppDeps): Router {
  const router = Router();
  const educator = [requireAuth(deps.auth), requireEducator];
  const currency = deps.config.currency;

  router.get('/educator/payout-profile', ...educator, async (req, res) => {
    const result = await getPayoutProfile(deps, currentUser(req));
    res.set('Cache-Control', 'no-store').json({ success: true, ...result });
  });

  router.put('/educator/payout-profile', ...educator, async (req, res) => {
    const input = parseInput(
      payoutProfileInputSchema(currency, deps.config.payouts.stripeConnect),
      req.body,
    );
    const profile = await savePayoutProfile(deps, currentUser(req), input);
    res.json({ success: true, message: PROFILE_SAVED, profile });
  });

  router.post('/educator/payout-profile/stripe-onboarding', ...educator, async (req, res) => {
    const url = await startStripeOnboarding(deps, currentUser(req));
    res.json({ success: true, url });
  });

  router.get('/educator/balance', ...educator, async (req, res) => {
    const balance = await getBalance(deps, currentUser(req));
    res.set('Cache-Control', 'no-store').json({ success: true, balance });
  });

  router.post('/educator/payouts', ...educator, async (req, res) => {
    const { amount } = parseInput(withdrawalBodySchema, req.body);
    const payout = await requestWithdrawal(deps, currentUser(req), toMinorUnits(amount, currency));
    res.status(201).json({ success: true, message: WITHDRAWAL_ASKED, payout: payoutView(payout) });
  });

  router.get('/educator/payouts', ...educator, async (req, res) => {
    const payouts = await listPayouts(deps, currentUser(req));
    res.set('Cache-Control', 'no-store').json({ success: true, payouts });
  });

  router.get('/educator/payouts/:id', ...educator, async (req, res) => {
    const id = payoutIdSchema.safeParse(req.params.id);
    const row = id.success ? await findPayout(deps.database.db, id.data) : undefined;
    if (!row || row.educatorId !== currentUser(req).id) throw notFound(PAYOUT_NOT_FOUND);
    res.set('Cache-Control', 'no-store').json({ success: true, payout: payoutView(row) });
  });

  router.get('/educator/statements/:month', ...educator, async (req, res) => {
    const match = STATEMENT_PATH.exec(String(req.params.month));
    const month = parseInput(statementMonthSchema, match?.[1] ?? String(req.params.month));
    const user = currentUser(req);
    if (!deps.config.payouts.enabled) throw notFound('Extrato não encontrado');
    const statement = await buildStatement(deps.database.db, user.id, month, currency);
    const file = `extrato-${month}`;
    res.set('Cache-Control', 'private, no-store');
    switch (match?.[2]) {
      case 'csv':
        res.type('text/csv; charset=utf-8').attachment(`${file}.csv`).send(statementCsv(statement));
        return;
      case 'pdf':
        res
          .type('application/pdf')
          .attachment(`${file}.pdf`)
          .send(await statementPdf(statement, user.name));
        return;
      default: {
        const money = (minorUnits: number) => minorUnits / 100;
        res.json({
          success: true,
          statement: {
            month,
            currency,
            opening: money(statement.openingMinor),
            closing: money(statement.closingMinor),
            totals: Object.fromEntries(
              Object.entries(statement.totals).map(([k, v]) => [k.replace(/Minor$/, ''), money(v)]),
            ),
            lines: statement.lines.map((l) => ({
              at: l.at.toISOString(),
              kind: l.kind,
              amount: money(l.amountMinor),
              detail: l.detail,
              note: l.note,
              ...(l.payoutMinor === undefined ? {} : { payoutAmount: money(l.payoutMinor) }),
            })),
          },
        });
      }
    }
  });

  return router;
}

/**
 * Operators only (OPS_TOKEN), until the console gives them a screen: `GET /api/ops/payouts?status=`,
 * `POST /api/ops/payouts/:id/approve|paid {reference}|failed {reason}` and
 * `GET /api/ops/payouts/export.csv?rail=` (the approved ones, with the full destination, for the bank).
 */
export function opsPayoutRoutes(deps: AppDeps): Router {
  const router = Router();
  const operator = requireOperator(deps.config.opsToken);
  const id = (raw: unknown) => {
    const parsed = payoutIdSchema.safeParse(raw);
    if (!parsed.success) throw notFound(PAYOUT_NOT_FOUND);
    return parsed.data;
  };

  router.get('/ops/payouts', operator, async (req, res) => {
    const { status } = parseInput(opsPayoutsQuerySchema, req.query);
    const payouts = await listPayoutsForOperator(deps, { status });
    res.set('Cache-Control', 'no-store').json({ success: true, payouts });
  });

  router.get('/ops/payouts/export.csv', operator, async (req, res) => {
    const { rail } = parseInput(opsExportQuerySchema, req.query);
    const csv = await exportBatchCsv(deps, rail);
    res
      .set('Cache-Control', 'no-store')
      .type('text/csv; charset=utf-8')
      .attachment(`saques-${rail}-${new Date().toISOString().slice(0, 10)}.csv`)
      .send(csv);
  });

  router.post('/ops/payouts/:id/approve', operator, async (req, res) => {
    const payout = await approvePayoutAsOperator(deps, id(req.params.id));
    res.json({ success: true, message: 'Saque aprovado', payout: payoutView(payout) });
  });

  router.post('/ops/payouts/:id/paid', operator, async (req, res) => {
    const payoutId = id(req.params.id);
    const { reference } = parseInput(payoutPaidBodySchema, req.body);
    const payout = await markPayoutPaid(deps, payoutId, reference);
    deps.logger.info({ payoutId }, 'payout marked paid by an operator');
    res.json({ success: true, message: 'Saque marcado como pago', payout: payoutView(payout) });
  });

  router.post('/ops/payouts/:id/failed', operator, async (req, res) => {
    const payoutId = id(req.params.id);
    const { reason } = parseInput(payoutFailedBodySchema, req.body);
    const payout = await markPayoutFailed(deps, payoutId, reason);
    deps.logger.info({ payoutId }, 'payout marked failed by an operator');
    res.json({ success: true, message: 'Saque marcado como falhado', payout: payoutView(payout) });
  });

  return router;
}

/**
 * `POST /api/webhooks/stripe-connect`: the events of connected accounts (account.updated) and of
 * transfers, signed with STRIPE_CONNECT_WEBHOOK_SECRET; mounted above the JSON parser, as the
 * signature covers the raw bytes. Absent (404) when Connect is off.
 */
export function stripeConnectWebhookRoutes(deps: AppDeps): Router {
  const router = Router();
  if (!deps.config.payouts.stripeConnect) return router;
  router.post(
    '/webhooks/stripe-connect',
    express.raw({ type: 'application/json', limit: '1mb' }),
    async (req, res) => {
      const connect = stripeConnectFor(deps.config);
      const signature = req.get('stripe-signature');
      const body: unknown = req.body;
      if (!connect || !signature || !Buffer.isBuffer(body))
        throw badRequest('Assinatura do webhook ausente');
      let event;
      try {
        event = connect.verifyWebhook(body, signature);
      } catch {
        throw badRequest('Assinatura do webhook inválida');
      }
      const result = await applyConnectEvent(deps, event);
      req.log?.info({ eventId: event.id, type: event.type, result }, 'stripe connect event');
      res.json({ success: true, received: true, result });
    },
  );
  return router;
}
