import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { loadApiConfig } from '../config';
import { createTestApp, type TestApp } from '../testing/test-app';

const TOKEN = 'metrics-token-0123456789-0123456789';
const PRODUCTION = {
  APP_ENV: 'production',
  APP_SECRET: 'x'.repeat(40),
  DATABASE_URL: 'postgres://unused/db',
  SMTP_URL: 'smtp://127.0.0.1:2525',
  PAYMENT_PROVIDER: 'sandbox',
  ALLOW_SANDBOX_PAYMENTS: 'true',
  SMS_PROVIDER: 'devbox',
  ALLOW_DEVBOX_SMS: 'true',
};

/** The value of one series line (`name{labels} value`), or undefined when it is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /api/metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('answers the Prometheus text format: latency by route pattern, queues, sockets, outbox, process', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    const user = await t.createUser();
    const socket = new WebSocket(`ws://127.0.0.1:${address.port}/ws/notifications/${user.id}/`, [
      'bearer',
      user.token,
    ]);
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });

    for (let i = 0; i < 3; i++) await t.app.inject({ method: 'GET', url: '/api/health/live?x=1' });
    const id = randomUUID();
    await t.app.inject({ method: 'GET', url: `/api/profile/${id}` }); // 401: no token
    // An event the relay has not moved yet (no workers here), written 90 s ago.
    await t.db.execute(
      sql`insert into outbox (type, payload, created_at) values ('metrics.test', '{}'::jsonb, now() - interval '90 seconds')`,
    );

    let text = '';
    // Socket registration finishes after the handshake: poll, never sleep.
    for (const deadline = Date.now() + 10_000; Date.now() < deadline;) {
      const res = await t.app.inject({ method: 'GET', url: '/api/metrics' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      text = res.body;
      if ((sample(text, 'touchline_realtime_sockets') ?? 0) >= 1) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    socket.close();

    expect(
      sample(
        text,
        'http_request_duration_seconds_count{method="GET",route="/api/health/live",status_class="2xx"}',
      ),
    ).toBe(3);
    expect(
      sample(
        text,
        'http_request_duration_seconds_count{method="GET",route="/api/profile/:id",status_class="4xx"}',
      ),
    ).toBe(1);
    expect(text).toMatch(/^# TYPE http_request_duration_seconds histogram$/m);
    expect(text).toContain('le="0.005"');
    // Route patterns only: no raw URL, no id, no query string.
    expect(text).not.toContain(id);
    expect(text).not.toContain('x=1');

    expect(sample(text, 'touchline_realtime_sockets')).toBe(1);
    for (const queue of ['email', 'media', 'realtime', 'maintenance']) {
      for (const state of ['waiting', 'active', 'delayed', 'failed'])
        expect(sample(text, `touchline_queue_jobs{queue="${queue}",state="${state}"}`)).toBe(0);
    }
    expect(sample(text, 'touchline_outbox_lag_seconds')).toBeGreaterThanOrEqual(89);
    expect(sample(text, 'touchline_outbox_pending_events')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'touchline_outbox_dead_lettered_events')).toBe(0);
    expect(sample(text, 'touchline_metrics_source_up{source="queue"}')).toBe(1);
    expect(sample(text, 'touchline_metrics_source_up{source="outbox"}')).toBe(1);
    expect(text).toMatch(/^touchline_info\{database="\w+",queue="\w+",bus="\w+",/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds [\d.e-]+$/m);
    expect(text).toMatch(/^process_cpu_user_seconds_total [\d.e-]+$/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
  });

  it('with METRICS_TOKEN set, wants it as a bearer token (also outside production)', async () => {
    const guarded = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
    try {
      const none = await guarded.app.inject({ method: 'GET', url: '/api/metrics' });
      expect(none.statusCode).toBe(401);
      expect(none.json()).toMatchObject({ code: 'unauthorized' });
      const wrong = await guarded.app.inject({
        method: 'GET',
        url: '/api/metrics',
        headers: { authorization: `Bearer ${TOKEN}x` },
      });
      expect(wrong.statusCode).toBe(401);
      const right = await guarded.app.inject({
        method: 'GET',
        url: '/api/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(right.statusCode).toBe(200);
      expect(right.body).toContain('http_request_duration_seconds');
    } finally {
      await guarded.close();
    }
  });

  it('in production: absent without METRICS_TOKEN, token-guarded with it', async () => {
    const bare = await createTestApp({ env: PRODUCTION });
    try {
      const res = await bare.app.inject({ method: 'GET', url: '/api/metrics' });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('http_request_duration_seconds');
    } finally {
      await bare.close();
    }

    const guarded = await createTestApp({ env: { ...PRODUCTION, METRICS_TOKEN: TOKEN } });
    try {
      const none = await guarded.app.inject({ method: 'GET', url: '/api/metrics' });
      expect(none.statusCode).toBe(401);
      const right = await guarded.app.inject({
        method: 'GET',
        url: '/api/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(right.statusCode).toBe(200);
      expect(right.body).toContain('touchline_queue_jobs');
    } finally {
      await guarded.close();
    }
  });

  it('refuses a short METRICS_TOKEN at start; an empty one counts as unset', () => {
    expect(() => loadApiConfig({ METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN must be at least 32 characters/,
    );
    expect(loadApiConfig({ METRICS_TOKEN: '' }).METRICS_TOKEN).toBeUndefined();
  });
});
