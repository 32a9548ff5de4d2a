import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Test helper: a local HTTP server playing Stripe Connect's calls (accounts, links, transfers). */

export interface RecordedConnectRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  form: Record<string, string>;
}

export interface FakeStripeConnect {
  recorded: RecordedConnectRequest[];
  api: { host: string; port: number; protocol: 'http' };
  /** The next transfers are refused with this Stripe error until `succeed()`. */
  refuseTransfers(message: string): void;
  /** The next `times` transfers (every one, with 'always') answer 500, as Stripe down would. */
  breakTransfers(times: number | 'always'): void;
  succeed(): void;
  close(): Promise<void>;
}

export async function startFakeStripeConnect(): Promise<FakeStripeConnect> {
  const recorded: RecordedConnectRequest[] = [];
  let refusal: string | null = null;
  let broken: number | 'always' = 0;
  let accounts = 0;
  const transfers = new Map<string, string>();
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const key = req.headers['idempotency-key'];
      const entry: RecordedConnectRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        idempotencyKey: typeof key === 'string' ? key : undefined,
        form: Object.fromEntries(new URLSearchParams(raw)),
      };
      recorded.push(entry);
      let status = 200;
      let body: object;
      if (entry.path === '/v1/accounts') {
        body = { id: `acct_test_${++accounts}`, object: 'account', type: 'express' };
      } else if (entry.path === '/v1/account_links') {
        body = {
          object: 'account_link',
          url: `https://connect.stripe.test/setup/e/${entry.form.account}`,
        };
      } else if (entry.path === '/v1/transfers' && (broken === 'always' || broken > 0)) {
        if (broken !== 'always') broken -= 1;
        status = 500;
        body = { error: { type: 'api_error', message: 'Stripe está indisponível' } };
      } else if (entry.path === '/v1/transfers' && refusal) {
        status = 400;
        body = {
          error: { type: 'invalid_request_error', code: 'balance_insufficient', message: refusal },
        };
      } else if (entry.path === '/v1/transfers') {
        // As Stripe: the same idempotency key answers the same transfer.
        const id = transfers.get(entry.idempotencyKey ?? '') ?? `tr_test_${transfers.size + 1}`;
        if (entry.idempotencyKey) transfers.set(entry.idempotencyKey, id);
        body = {
          id,
          object: 'transfer',
          amount: Number(entry.form.amount),
          currency: entry.form.currency,
          destination: entry.form.destination,
          metadata: { payout_id: entry.form['metadata[payout_id]'] },
        };
      } else {
        status = 404;
        body = { error: { type: 'invalid_request_error', message: `no fake for ${entry.path}` } };
      }
      res.statusCode = status;
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    recorded,
    api: { host: '127.0.0.1', port, protocol: 'http' },
    refuseTransfers: (message) => void (refusal = message),
    breakTransfers: (times) => void (broken = times),
    succeed: () => {
      refusal = null;
      broken = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
