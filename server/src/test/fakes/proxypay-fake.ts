import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Test helper: a local HTTP server playing ProxyPay as its documents describe it — RPS v2
 * (`Authorization: Token <key>`, `Accept: application/vnd.proxypay.v2+json`): POST /reference_ids,
 * PUT and DELETE /references/:id, GET /payments (unacknowledged, `n` at most), DELETE
 * /payments/:id (acknowledge); OPG v1 (`Authorization: Bearer <key>`): POST and GET
 * /opg/v1/transactions. The test plays the buyer (pay a reference, accept or reject a push) and
 * gets back the callback ProxyPay would post, signed as ProxyPay signs it.
 */

export interface FakeReference {
  id: string;
  amount: number;
  endDatetime: string;
  customFields: Record<string, unknown>;
  deleted: boolean;
}

export interface FakePayment {
  id: number;
  reference_id: number;
  amount: string;
  entity_id: number;
  datetime: string;
  custom_fields: Record<string, unknown>;
  terminal_type: string;
}

export interface FakeTransaction {
  id: string;
  type: 'payment';
  pos_id: number;
  mobile: string;
  amount: string;
  callback_url: string;
  status: 'accepted' | 'rejected' | null;
  status_reason: number | null;
  status_datetime: string | null;
}

export interface RecordedProxyPayRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

export interface FakeProxyPay {
  /** What PROXYPAY_BASE_URL points at. */
  baseUrl: string;
  apiKey: string;
  entity: string;
  recorded: RecordedProxyPayRequest[];
  references: Map<string, FakeReference>;
  transactions: Map<string, FakeTransaction>;
  /** The buyer pays a reference at an ATM; answers the signed callback ProxyPay would post. */
  payReference(referenceId: string): { payment: FakePayment; body: string; signature: string };
  /** The payments still unacknowledged. */
  unacknowledged(): FakePayment[];
  /** The buyer accepts or rejects the push (or GPO times it out: rejected). */
  decide(transactionId: string, status: 'accepted' | 'rejected'): { body: string };
  /** Every request (or those `only` picks) answered with this status (503: down) until up(). */
  down(status?: number, only?: (method: string, path: string) => boolean): void;
  up(): void;
  sign(body: string): string;
  close(): Promise<void>;
}

const RPS_ACCEPT = 'application/vnd.proxypay.v2+json';

export async function startFakeProxyPay(
  options: { apiKey?: string; entity?: string } = {},
): Promise<FakeProxyPay> {
  const apiKey = options.apiKey ?? 'fake-proxypay-key-0123456789';
  const entity = options.entity ?? '10111';
  const recorded: RecordedProxyPayRequest[] = [];
  const references = new Map<string, FakeReference>();
  const transactions = new Map<string, FakeTransaction>();
  const payments: FakePayment[] = [];
  let nextReference = 100_000_000 + Math.floor(Math.random() * 800_000_000);
  let nextPayment = 80_000_000_000;
  let outage: { status: number; only?: (method: string, path: string) => boolean } | null = null;

  const sign = (body: string) => createHmac('sha256', apiKey).update(body).digest('hex');

  function route(req: RecordedProxyPayRequest): { status: number; body?: unknown } {
    const url = new URL(req.path, 'http://fake');
    const path = url.pathname;
    if (path.startsWith('/opg/v1/')) {
      if (req.headers.authorization !== `Bearer ${apiKey}`) return { status: 401 };
      if (req.method === 'POST' && path === '/opg/v1/transactions') {
        const body = req.body as Record<string, unknown> | null;
        if (
          !body ||
          body.type !== 'payment' ||
          typeof body.pos_id !== 'number' ||
          typeof body.mobile !== 'string' ||
          !/^9\d{8}$/.test(body.mobile) ||
          typeof body.amount !== 'string' ||
          !/^\d+\.\d{2}$/.test(body.amount) ||
          typeof body.callback_url !== 'string' ||
          typeof req.headers['idempotency-key'] !== 'string'
        )
          return { status: 400, body: { error: 'invalid transaction' } };
        const existing = [...transactions.values()].find(
          (t) => (t as FakeTransaction & { key?: string }).key === req.headers['idempotency-key'],
        );
        if (existing) return { status: 202, body: { id: existing.id } };
        const transaction: FakeTransaction & { key?: string } = {
          id: randomUUID(),
          type: 'payment',
          pos_id: body.pos_id,
          mobile: body.mobile,
          amount: body.amount,
          callback_url: body.callback_url,
          status: null,
          status_reason: null,
          status_datetime: null,
          key: String(req.headers['idempotency-key']),
        };
        transactions.set(transaction.id, transaction);
        return { status: 202, body: { id: transaction.id } };
      }
      const one = /^\/opg\/v1\/transactions\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && one) {
        const transaction = transactions.get(decodeURIComponent(one[1]!));
        if (!transaction) return { status: 404 };
        const { key: _key, ...visible } = transaction as FakeTransaction & { key?: string };
        return { status: 200, body: visible };
      }
      return { status: 404 };
    }

    if (req.headers.authorization !== `Token ${apiKey}`) return { status: 401 };
    if (req.headers.accept !== RPS_ACCEPT) return { status: 406 };
    if (req.method === 'POST' && path === '/reference_ids')
      return { status: 200, body: nextReference++ };
    const reference = /^\/references\/(\d+)$/.exec(path);
    if (reference && req.method === 'PUT') {
      const body = req.body as Record<string, unknown> | null;
      if (
        !body ||
        typeof body.amount !== 'number' ||
        body.amount <= 0 ||
        typeof body.end_datetime !== 'string' ||
        !/^\d{4}-\d{2}-\d{2}/.test(body.end_datetime)
      )
        return { status: 400, body: { error: 'invalid reference' } };
      references.set(reference[1]!, {
        id: reference[1]!,
        amount: body.amount,
        endDatetime: body.end_datetime,
        customFields: (body.custom_fields as Record<string, unknown>) ?? {},
        deleted: false,
      });
      return { status: 204 };
    }
    if (reference && req.method === 'DELETE') {
      const found = references.get(reference[1]!);
      if (!found || found.deleted) return { status: 404 };
      found.deleted = true;
      return { status: 204 };
    }
    if (req.method === 'GET' && path === '/payments') {
      const n = Math.min(Number(url.searchParams.get('n') ?? 100) || 100, 100);
      return { status: 200, body: payments.slice(0, n) };
    }
    const payment = /^\/payments\/(\d+)$/.exec(path);
    if (payment && req.method === 'DELETE') {
      const index = payments.findIndex((p) => String(p.id) === payment[1]);
      if (index < 0) return { status: 404 };
      payments.splice(index, 1);
      return { status: 204 };
    }
    return { status: 404 };
  }

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      let body: unknown = null;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        body = null;
      }
      const entry = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body };
      recorded.push(entry);
      const failing = outage && (!outage.only || outage.only(entry.method, entry.path));
      const answer = failing ? { status: outage!.status, body: { error: 'down' } } : route(entry);
      res.statusCode = answer.status;
      if (answer.body === undefined) return res.end();
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    apiKey,
    entity,
    recorded,
    references,
    transactions,
    payReference(referenceId) {
      const reference = references.get(referenceId);
      if (!reference || reference.deleted)
        throw new Error(`reference ${referenceId} is not payable`);
      const payment: FakePayment = {
        id: nextPayment++,
        reference_id: Number(referenceId),
        amount: reference.amount.toFixed(2),
        entity_id: Number(entity),
        datetime: new Date().toISOString(),
        custom_fields: reference.customFields,
        terminal_type: 'ATM',
      };
      payments.push(payment);
      const body = JSON.stringify(payment);
      return { payment, body, signature: sign(body) };
    },
    unacknowledged: () => [...payments],
    decide(transactionId, status) {
      const transaction = transactions.get(transactionId);
      if (!transaction) throw new Error(`no transaction ${transactionId}`);
      transaction.status = status;
      transaction.status_datetime = new Date().toISOString();
      transaction.status_reason = status === 'rejected' ? 2000 : null;
      const { key: _key, ...visible } = transaction as FakeTransaction & { key?: string };
      return { body: JSON.stringify(visible) };
    },
    down(status = 503, only) {
      outage = { status, only };
    },
    up() {
      outage = null;
    },
    sign,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
