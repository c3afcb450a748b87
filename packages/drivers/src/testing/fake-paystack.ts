import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A transaction as the fake keeps it; `status` uses Paystack's words. */
export type FakePaystackTransaction = {
  id: number;
  reference: string;
  email: string;
  amount: number;
  currency: string;
  callbackUrl: string | null;
  status: 'abandoned' | 'success' | 'failed' | 'reversed';
  refunds: { id: number; amount: number }[];
};

export type FakePaystackCall = {
  method: string;
  path: string;
  authorization: string | undefined;
  body: unknown;
};

export type FakePaystack = Awaited<ReturnType<typeof startFakePaystack>>;

/**
 * A local stand-in for Paystack's API on a free loopback port: `POST /transaction/initialize`,
 * `GET /transaction/verify/{reference}` and `POST /refund`, with Paystack's envelopes
 * (`{status, message, data}`) and its refusals (wrong key, duplicate or unknown reference,
 * refund of an unpaid transaction). It records every call; a test decides what the payer did
 * (`settle`), or makes the fake fail or stall, and builds signed webhooks (`webhook`).
 */
export async function startFakePaystack(options: { secretKey?: string } = {}) {
  const secretKey = options.secretKey ?? 'sk_test_fake_paystack_0123456789';
  const transactions = new Map<string, FakePaystackTransaction>();
  const calls: FakePaystackCall[] = [];
  let nextId = 1000;
  let failure: { status: number; message: string } | null = null;
  let delayMs = 0;

  const send = (res: ServerResponse, status: number, body: object) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const refuse = (res: ServerResponse, status: number, message: string) =>
    send(res, status, { status: false, message });
  const view = (tx: FakePaystackTransaction) => ({
    id: tx.id,
    status: tx.status,
    reference: tx.reference,
    amount: tx.amount,
    currency: tx.currency,
    gateway_response: tx.status === 'success' ? 'Successful' : tx.status,
    paid_at: tx.status === 'success' ? new Date().toISOString() : null,
    customer: { email: tx.email },
  });

  async function readJson(req: IncomingMessage): Promise<unknown> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    if (!text) return {};
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return undefined;
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake');
    const body = req.method === 'POST' ? await readJson(req) : undefined;
    calls.push({
      method: req.method ?? '',
      path: url.pathname,
      authorization: req.headers.authorization,
      body,
    });
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    if (res.destroyed) return;
    if (failure) return refuse(res, failure.status, failure.message);
    if (req.headers.authorization !== `Bearer ${secretKey}`) return refuse(res, 401, 'Invalid key');
    const input = (body ?? {}) as Record<string, unknown>;

    if (req.method === 'POST' && url.pathname === '/transaction/initialize') {
      const { email, amount, currency = 'NGN', reference, callback_url } = input;
      if (typeof email !== 'string' || !email.includes('@'))
        return refuse(res, 400, 'Invalid Email Address Passed');
      if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0)
        return refuse(res, 400, 'Invalid Amount Sent');
      if (typeof reference !== 'string' || !reference) return refuse(res, 400, 'Invalid reference');
      if (transactions.has(reference)) return refuse(res, 400, 'Duplicate Transaction Reference');
      const tx: FakePaystackTransaction = {
        id: nextId++,
        reference,
        email,
        amount,
        currency: String(currency),
        callbackUrl: typeof callback_url === 'string' ? callback_url : null,
        status: 'abandoned',
        refunds: [],
      };
      transactions.set(reference, tx);
      const accessCode = `ac_${tx.id}`;
      return send(res, 200, {
        status: true,
        message: 'Authorization URL created',
        data: {
          authorization_url: `${baseUrl}/checkout/${accessCode}`,
          access_code: accessCode,
          reference,
        },
      });
    }

    const verify = /^\/transaction\/verify\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && verify) {
      const tx = transactions.get(decodeURIComponent(verify[1] ?? ''));
      if (!tx) return refuse(res, 400, 'Transaction reference not found');
      return send(res, 200, { status: true, message: 'Verification successful', data: view(tx) });
    }

    if (req.method === 'POST' && url.pathname === '/refund') {
      const tx = typeof input.transaction === 'string' ? transactions.get(input.transaction) : null;
      if (!tx) return refuse(res, 404, 'Transaction not found');
      if (tx.status !== 'success') return refuse(res, 400, 'Transaction has not been paid');
      const amount = typeof input.amount === 'number' ? input.amount : tx.amount;
      if (amount <= 0 || amount > tx.amount) return refuse(res, 400, 'Invalid refund amount');
      const refund = { id: nextId++, amount };
      tx.refunds.push(refund);
      if (amount === tx.amount) tx.status = 'reversed';
      return send(res, 200, {
        status: true,
        message: 'Refund has been queued for processing',
        data: {
          id: refund.id,
          amount,
          currency: tx.currency,
          status: 'pending',
          transaction: view(tx),
        },
      });
    }

    return refuse(res, 404, 'Not found');
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) refuse(res, 500, 'fake paystack failed');
    });
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
  const baseUrl = `http://127.0.0.1:${port}`;

  function known(reference: string): FakePaystackTransaction {
    const tx = transactions.get(reference);
    if (!tx) throw new Error(`fake paystack: no transaction ${reference}`);
    return tx;
  }

  return {
    baseUrl,
    secretKey,
    calls,
    transactions: transactions as ReadonlyMap<string, FakePaystackTransaction>,
    transaction: (reference: string) => transactions.get(reference) ?? null,
    /**
     * What the payer did on Paystack's page: the transaction's status, and optionally what was
     * really charged (a different amount or currency than initialised).
     */
    settle(
      reference: string,
      status: 'success' | 'failed' | 'abandoned',
      charged: { amount?: number; currency?: string } = {},
    ) {
      const tx = known(reference);
      tx.status = status;
      if (charged.amount !== undefined) tx.amount = charged.amount;
      if (charged.currency !== undefined) tx.currency = charged.currency;
      return tx;
    },
    /**
     * The webhook Paystack would POST about a transaction, signed with `key` (the secret key
     * unless a forger's is given): its raw body and headers.
     */
    webhook(
      event: 'charge.success' | 'charge.failed' | 'refund.processed',
      reference: string,
      key: string = secretKey,
    ) {
      const tx = known(reference);
      const payload = { event, data: view(tx) };
      const rawBody = Buffer.from(JSON.stringify(payload));
      const signature = createHmac('sha512', key).update(rawBody).digest('hex');
      return {
        rawBody,
        payload,
        headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
      };
    },
    /** Every call answers this error until cleared with null (Paystack down, a 5xx). */
    failWith(status: number | null, message = 'Service unavailable') {
      failure = status === null ? null : { status, message };
    },
    /** Every answer waits this long (a slow or stalled Paystack). */
    delay(ms: number) {
      delayMs = ms;
    },
    callsTo: (path: string) => calls.filter((call) => call.path.startsWith(path)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
