import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('reports the database, queue and bus healthy and names the drivers in use', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('ok');
    expect(body.checks).toEqual({ database: true, queue: true, bus: true });
    expect(body.mode.database).toBe(t.database.kind);
    expect(body.mode.queue).toBe(process.env.TEST_REDIS_URL ? 'bullmq' : 'inline');
    expect(body.mode.storage).toBe('local');
    expect(body.mode.mail).toBe('devbox');
  });

  it('answers 503 and names the failing part when the database is gone', async () => {
    const broken = await createTestApp();
    await broken.database.close();
    const res = await broken.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json().checks.database).toBe(false);
    await broken.app.close();
    await broken.drivers.close();
  });
});
