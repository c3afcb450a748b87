import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testRedisUrl } from '@touchline/drivers/testing';
import { createTestApp, type TestApp } from '../../testing/test-app';

describe('health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('GET /api/health reports the database, queue and bus healthy and names the drivers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.checks).toEqual({ database: true, queue: true, bus: true });
    expect(body.status).toBe('ok');
    expect(body.mode.database).toBe(t.database.kind);
    expect(body.mode.queue).toBe(testRedisUrl() ? 'bullmq' : 'inline');
    expect(body.mode.storage).toBe('local');
    expect(body.mode.mail).toBe('devbox');
  });

  it('GET /api/health/ready answers 200 ok when every dependency answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', checks: { database: true } });
  });

  it('a Redis outage (queue and bus down) is degraded, still ready: the outbox holds events', async () => {
    const broken = await createTestApp();
    const failing = async () => {
      throw new Error('connect ECONNREFUSED 127.0.0.1:6379');
    };
    broken.drivers.bus.ping = failing;
    broken.drivers.queue.ping = failing;
    for (const url of ['/api/health/ready', '/api/health']) {
      const res = await broken.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        status: 'degraded',
        checks: { database: true, queue: false, bus: false },
      });
    }
    await broken.close();
  });

  it('without the database: readiness answers 503 down, liveness still 200', async () => {
    const broken = await createTestApp();
    await broken.database.close();
    for (const url of ['/api/health/ready', '/api/health']) {
      const res = await broken.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'down', checks: { database: false } });
    }
    const live = await broken.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok', uptime_s: expect.any(Number) });
    await broken.app.close();
    await broken.drivers.close();
  });
});
