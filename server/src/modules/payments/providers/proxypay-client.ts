import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

// Our own client of ProxyPay's documented HTTP API (developer.proxypay.co.ao): RPS v2 for
// payment references, OPG v1 for Multicaixa Express. The npm wrapper speaks the 2017 API (v1,
// Basic auth), so the few calls the app makes are written here against the current documents.

/** RPS v2 asks every request to name its version; unversioned requests get whatever is latest. */
const RPS_ACCEPT = 'application/vnd.proxypay.v2+json';
/** A provider that has not answered in this long is treated as down (the buyer is waiting). */
const REQUEST_TIMEOUT_MS = 10_000;
/** The most unacknowledged payments GET /payments hands back at once (its `n`). */
export const PAYMENTS_PAGE = 100;

/** ProxyPay did not answer, or answered with an error status. */
export class ProxyPayError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ProxyPayError';
  }
}

const digits = z.union([z.number().int().nonnegative(), z.string().regex(/^\d{1,20}$/)]);
const decimal = z.union([z.number().nonnegative(), z.string().regex(/^\d+(\.\d+)?$/)]);

/** A payment as GET /payments lists it (and as the RPS callback posts it). */
const rpsPaymentSchema = z.object({
  id: digits,
  reference_id: digits,
  amount: decimal,
  entity_id: digits.optional(),
  datetime: z.string().optional(),
  custom_fields: z.record(z.string(), z.unknown()).nullish(),
});

export interface ReferencePayment {
  /** ProxyPay's payment id: what DELETE /payments/:id acknowledges. */
  id: string;
  referenceId: string;
  amount: number;
  customFields: Record<string, unknown>;
}

function toReferencePayment(raw: z.infer<typeof rpsPaymentSchema>): ReferencePayment {
  return {
    id: String(raw.id),
    referenceId: String(raw.reference_id),
    amount: Number(raw.amount),
    customFields: raw.custom_fields ?? {},
  };
}

/** The reference id or payment id a signed RPS callback names, or null when it names none. */
export function parseReferenceCallback(
  payload: unknown,
): { paymentId: string; referenceId: string } | null {
  const parsed = rpsPaymentSchema.pick({ id: true, reference_id: true }).safeParse(payload);
  if (!parsed.success) return null;
  return { paymentId: String(parsed.data.id), referenceId: String(parsed.data.reference_id) };
}

/** An OPG v1 transaction: `status` stays null until the buyer accepts or GPO rejects it. */
const opgTransactionSchema = z.object({
  // A UUID in the documents; anything else cannot be one of ours (and never reaches a query).
  id: z.union([z.string().regex(/^[\w-]{1,100}$/), z.number().int().nonnegative()]),
  status: z.enum(['accepted', 'rejected']).nullish(),
  amount: decimal.nullish(),
  mobile: z.string().nullish(),
  status_reason: z.unknown().optional(),
});

export interface ExpressTransaction {
  id: string;
  status: 'accepted' | 'rejected' | 'pending';
  amount: number | null;
}

function toExpressTransaction(raw: z.infer<typeof opgTransactionSchema>): ExpressTransaction {
  return {
    id: String(raw.id),
    status: raw.status ?? 'pending',
    amount: raw.amount === null || raw.amount === undefined ? null : Number(raw.amount),
  };
}

/** The transaction id an OPG callback names (it posts the transaction object), or null. */
export function parseExpressCallback(payload: unknown): string | null {
  const parsed = opgTransactionSchema.pick({ id: true }).safeParse(payload);
  return parsed.success ? String(parsed.data.id) : null;
}

export interface ProxyPayClientOptions {
  apiKey: string;
  baseUrl: string;
}

export interface ProxyPayClient {
  /** POST /reference_ids: a fresh reference number, reserved for this account. */
  newReferenceId(): Promise<string>;
  /** PUT /references/:id: makes the reference payable for `amount` until `endDatetime`. */
  createReference(
    referenceId: string,
    reference: { amount: number; endDatetime: string; customFields: Record<string, string> },
  ): Promise<void>;
  /** DELETE /references/:id: no longer payable. A reference already gone is not an error. */
  deleteReference(referenceId: string): Promise<void>;
  /** GET /payments: the payments not yet acknowledged, oldest first, at most PAYMENTS_PAGE. */
  unacknowledgedPayments(): Promise<ReferencePayment[]>;
  /** DELETE /payments/:id: acknowledged, so it leaves the list. Repeating it is harmless. */
  acknowledgePayment(paymentId: string): Promise<void>;
  /** POST /opg/v1/transactions: asks the buyer's Multicaixa Express app to approve a payment. */
  requestExpressPayment(request: {
    posId: number;
    mobile: string;
    amount: string;
    callbackUrl: string;
    idempotencyKey: string;
  }): Promise<ExpressTransaction>;
  /** GET /opg/v1/transactions/:id. */
  expressTransaction(transactionId: string): Promise<ExpressTransaction>;
  /** Whether X-Signature is the HMAC-SHA256 (hex) of the raw callback body under the API key. */
  verifySignature(rawBody: Buffer, signature: string | undefined): boolean;
}

export function createProxyPayClient(options: ProxyPayClientOptions): ProxyPayClient {
  const { apiKey, baseUrl } = options;

  async function call(
    method: string,
    path: string,
    api: 'rps' | 'opg',
    body?: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<{ status: number; json: unknown }> {
    const headers: Record<string, string> =
      api === 'rps'
        ? { Authorization: `Token ${apiKey}`, Accept: RPS_ACCEPT }
        : { Authorization: `Bearer ${apiKey}`, Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    let res: Response;
    try {
      res = await fetch(`${baseUrl}${path}`, {
        method,
        headers: { ...headers, ...extraHeaders },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (err) {
      throw new ProxyPayError(`ProxyPay ${method} ${path} did not answer`, null, { cause: err });
    }
    const text = await res.text().catch(() => '');
    if (!res.ok) {
      throw new ProxyPayError(
        `ProxyPay ${method} ${path} answered ${res.status}: ${text.slice(0, 200)}`,
        res.status,
      );
    }
    if (text === '') return { status: res.status, json: undefined };
    try {
      return { status: res.status, json: JSON.parse(text) as unknown };
    } catch (err) {
      throw new ProxyPayError(`ProxyPay ${method} ${path} answered non-JSON`, res.status, {
        cause: err,
      });
    }
  }

  function parsed<T extends z.ZodType>(schema: T, json: unknown, what: string): z.infer<T> {
    const result = schema.safeParse(json);
    if (!result.success) throw new ProxyPayError(`ProxyPay answered an unexpected ${what}`, null);
    return result.data;
  }

  /** A DELETE of something already gone (404) has done what was asked. */
  async function remove(path: string): Promise<void> {
    try {
      await call('DELETE', path, 'rps');
    } catch (err) {
      if (err instanceof ProxyPayError && err.status === 404) return;
      throw err;
    }
  }

  return {
    async newReferenceId() {
      const { json } = await call('POST', '/reference_ids', 'rps');
      return String(parsed(digits, json, 'reference id'));
    },
    async createReference(referenceId, reference) {
      await call('PUT', `/references/${encodeURIComponent(referenceId)}`, 'rps', {
        amount: reference.amount,
        end_datetime: reference.endDatetime,
        custom_fields: reference.customFields,
      });
    },
    deleteReference: (referenceId) => remove(`/references/${encodeURIComponent(referenceId)}`),
    async unacknowledgedPayments() {
      const { json } = await call('GET', `/payments?n=${PAYMENTS_PAGE}`, 'rps');
      return parsed(z.array(rpsPaymentSchema), json ?? [], 'payments list').map(toReferencePayment);
    },
    acknowledgePayment: (paymentId) => remove(`/payments/${encodeURIComponent(paymentId)}`),
    async requestExpressPayment(request) {
      const { json } = await call(
        'POST',
        '/opg/v1/transactions',
        'opg',
        {
          type: 'payment',
          pos_id: request.posId,
          mobile: request.mobile,
          amount: request.amount,
          callback_url: request.callbackUrl,
        },
        // A retried request (a timeout, say) must not push the buyer twice.
        { 'Idempotency-Key': request.idempotencyKey },
      );
      return toExpressTransaction(parsed(opgTransactionSchema, json, 'transaction'));
    },
    async expressTransaction(transactionId) {
      const { json } = await call(
        'GET',
        `/opg/v1/transactions/${encodeURIComponent(transactionId)}`,
        'opg',
      );
      return toExpressTransaction(parsed(opgTransactionSchema, json, 'transaction'));
    },
    verifySignature(rawBody, signature) {
      if (!signature || !/^[0-9a-fA-F]{64}$/.test(signature)) return false;
      const expected = createHmac('sha256', apiKey).update(rawBody).digest();
      return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
    },
  };
}
