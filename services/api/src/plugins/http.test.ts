import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { appendEvent } from '@touchline/db/outbox';
import { createEmail } from '@touchline/db/emails';
import { testDatabaseAdminUrl } from '@touchline/db/testing';
import { ERROR_CODES, MESSAGES } from '@touchline/shared';
import { createTestApp, type TestApp } from '../testing/test-app';

describe('the HTTP surface', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('answers an unknown API path with the JSON error envelope and the request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    const body = res.json();
    expect(body.code).toBe('not_found');
    expect(typeof body.message).toBe('string');
    expect(body.request_id).toBe(res.headers['x-request-id']);
  });

  it('answers a bad query with 400, the validation code and the field at fault', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox?limit=-4' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('validation_error');
    expect(Object.keys(body.fields)).toContain('limit');
  });

  it('serves the SPA for client-side routes and keeps API and media misses as JSON', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/trial_details/42' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<div id="root">');
    const media = await t.app.inject({ method: 'GET', url: '/media/nothing/here.png' });
    expect(media.statusCode).toBe(404);
    expect(media.json().code).toBe('not_found');
  });

  it('answers HEAD on the SPA paths like GET: same status and headers, no body', async () => {
    for (const url of ['/', '/home', '/trial_details/42?tab=info']) {
      const get = await t.app.inject({ method: 'GET', url });
      const head = await t.app.inject({ method: 'HEAD', url });
      expect([url, head.statusCode]).toEqual([url, 200]);
      expect(head.body).toBe('');
      const comparable = (headers: Record<string, unknown>) => {
        const { date: _date, 'x-request-id': _id, ...rest } = headers;
        return rest;
      };
      expect(comparable(head.headers)).toEqual(comparable(get.headers));
    }
    const api = await t.app.inject({ method: 'HEAD', url: '/api/no-such-thing' });
    expect(api.statusCode).toBe(404);
  });

  it('publishes the OpenAPI document with the health route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths).toHaveProperty('/api/health');
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
  });

  it("sends the documents' security headers with the app's policy", async () => {
    for (const url of ['/', '/home', '/api/docs/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(res.headers['content-security-policy'], url).toContain(
        'https://accounts.google.com/gsi/client',
      );
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['cross-origin-opener-policy'], url).toBe('same-origin-allow-popups');
      expect(res.headers['strict-transport-security'], url).toMatch(/^max-age=\d+/);
    }
  });

  it('answers no cross-origin request or preflight without CORS_ORIGINS (same origin)', async () => {
    const origin = 'https://elsewhere.example';
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/health',
      headers: { origin, 'access-control-request-method': 'GET' },
    });
    expect(preflight.statusCode).toBe(404);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { origin } });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers the origins of CORS_ORIGINS, preflight included', async () => {
    const origin = 'https://partner.example';
    const c = await createTestApp({ env: { CORS_ORIGINS: origin } });
    try {
      const preflight = await c.app.inject({
        method: 'OPTIONS',
        url: '/api/health',
        headers: { origin, 'access-control-request-method': 'GET' },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe(origin);
      const other = await c.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { origin: 'https://elsewhere.example' },
      });
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await c.close();
    }
  });

  it("sends a JSON API's security headers on API answers, errors included (decision 69)", async () => {
    const user = await t.createUser();
    const answers = [
      await t.app.inject({ method: 'GET', url: '/api/health' }),
      await t.app.inject({ method: 'GET', url: '/api/me', headers: user.headers }),
      await t.app.inject({ method: 'GET', url: '/api/me' }),
      await t.app.inject({ method: 'GET', url: '/api/no-such-thing' }),
    ];
    for (const res of answers) {
      const what = `${res.statusCode} ${res.body.slice(0, 40)}`;
      expect(res.headers['content-type'], what).toMatch(/^application\/json/);
      expect(res.headers['x-content-type-options'], what).toBe('nosniff');
      expect(res.headers['content-security-policy'], what).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(res.headers['x-frame-options'], what).toBe('DENY');
      expect(res.headers['cache-control'], what).toBe('no-store');
      expect(res.headers['referrer-policy'], what).toBe('no-referrer');
      expect(res.headers['cross-origin-resource-policy'], what).toBe('same-origin');
      expect(res.headers['strict-transport-security'], what).toMatch(/^max-age=\d+/);
      expect(res.headers['x-request-id'], what).toBeTruthy();
    }
  });
});

describe('development mailbox', () => {
  it('lists e-mails delivered through the outbox and e-mail job for an address, newest first', async () => {
    const t = await createTestApp({ workers: true });
    // Queued as the codes service does: sealed parameters and the event; the worker renders.
    const send = (to: string, code: string) =>
      t.db.transaction(async (tx) => {
        const emailId = await createEmail(tx, {
          to,
          template: 'auth.verify_code',
          sealedContent: t.drivers.secretBox.seal(JSON.stringify({ name: 'Ada', code })),
        });
        await appendEvent(tx, { type: 'email.queued', payload: { emailId } });
      });
    await send('ada@example.test', '111111');
    // The next e-mail must be created at a later millisecond: wait for the clock to move on.
    const firstAt = Date.now();
    await vi.waitFor(() => expect(Date.now()).toBeGreaterThan(firstAt + 1));
    await send('ada@example.test', '222222');
    await send('bola@example.test', '333333');
    let subjects: string[] = [];
    for (let i = 0; i < 200 && subjects.length < 2; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/dev/mailbox?to=ADA@example.test',
      });
      expect(res.statusCode).toBe(200);
      subjects = res.json().messages.map((m: { subject: string }) => m.subject);
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(subjects).toEqual([
      'Your Touchline verification code: 222222',
      'Your Touchline verification code: 111111',
    ]);
    await t.close();
  });

  it('does not exist in production mode', async () => {
    const t = await createTestApp({
      env: {
        APP_ENV: 'production',
        APP_SECRET: 'x'.repeat(40),
        DATABASE_URL: 'postgres://unused/db',
        // Production refuses to start without SMTP (no development mailbox there).
        SMTP_URL: 'smtp://127.0.0.1:2525',
        PAYMENT_PROVIDER: 'sandbox',
        ALLOW_SANDBOX_PAYMENTS: 'true',
        SMS_PROVIDER: 'devbox',
        ALLOW_DEVBOX_SMS: 'true',
      },
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox' });
    expect(res.statusCode).toBe(404);
    await t.close();
  });
});

describe('malformed uploads', () => {
  it('answers a multipart body that does not match its boundary with 400, not 500', async () => {
    const t = await createTestApp();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/signup',
      headers: { 'content-type': 'multipart/form-data; boundary=expected' },
      payload: '--other\r\nContent-Disposition: form-data; name="x"\r\n\r\n1\r\n--other',
    });
    expect(res.statusCode).toBe(400);
    await t.close();
  });

  it('answers a form sent to a route that takes JSON with 415 and the error envelope', async () => {
    const t = await createTestApp();
    const user = await t.createUser();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/welcome',
      headers: { ...user.headers, 'content-type': 'multipart/form-data; boundary=b' },
      payload: '--b\r\nContent-Disposition: form-data; name="state"\r\n\r\nLagos\r\n--b--\r\n',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual(
      expect.objectContaining({ message: expect.any(String), code: expect.any(String) }),
    );
    await t.close();
  });
});

describe('API rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '5' } });
  });
  afterAll(async () => t.close());

  it('spends the per-address budget on API calls, not on the SPA files and media it serves', async () => {
    for (let i = 0; i < 8; i += 1) {
      const page = await t.app.inject({ method: 'GET', url: `/home?visit=${i}` });
      expect(page.statusCode).toBe(200);
      const media = await t.app.inject({ method: 'GET', url: `/media/none/${i}.png` });
      expect(media.statusCode).toBe(404);
    }
    const answers: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      answers.push((await t.app.inject({ method: 'GET', url: '/api/client-config' })).statusCode);
    }
    expect(answers.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(answers[5]).toBe(429);
  });
});

/** The pool of connections, as node-postgres has it (Postgres tier only). */
type PgPool = {
  options: { max: number; connectionTimeoutMillis: number };
  connect(): Promise<{ release(): void }>;
};

// Only Postgres has a pool whose connections can all be busy (PGlite is one in-process database).
if (testDatabaseAdminUrl())
  describe('a database with no free connection', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(async () => t.close());

    it('answers 503 with Retry-After and the busy message, then serves again once a connection is free', async () => {
      const user = await t.createUser();
      expect((await user.call('GET', '/api/me')).statusCode).toBe(200);
      expect(t.database.kind).toBe('postgres');
      const pool = t.database.client as unknown as PgPool;
      const wait = pool.options.connectionTimeoutMillis;
      // Every connection busy (a burst, a slow statement), and a short wait for one.
      const held = await Promise.all(
        Array.from({ length: pool.options.max }, () => pool.connect()),
      );
      pool.options.connectionTimeoutMillis = 200;
      try {
        // A route that reads the database (`/api/me` is answered from memory once read).
        const busy = await user.call('GET', '/api/notification/unread_count');
        expect(busy.statusCode).toBe(503);
        expect(busy.headers['retry-after']).toBe('5');
        expect(busy.json()).toEqual({
          message: MESSAGES.serviceUnavailable,
          code: ERROR_CODES.unavailable,
          request_id: busy.headers['x-request-id'],
        });
      } finally {
        for (const client of held) client.release();
        pool.options.connectionTimeoutMillis = wait;
      }
      expect((await user.call('GET', '/api/notification/unread_count')).statusCode).toBe(200);
    });
  });
