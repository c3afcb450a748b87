import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@touchline/db';
import { createJobHandlers } from '@touchline/worker';
import { YOUR_DATA_ERRORS, YOUR_DATA_MESSAGES } from '@touchline/shared';
import { createTestApp, manualClock, type TestApp } from '../../testing/test-app';
import { expectStatus } from '../chat/chat.test-support';
import { exportSettled } from './your-data.test-support';

const HOUR = 60 * 60 * 1000;

describe('data export over time (an injected clock)', () => {
  const clock = manualClock();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ workers: true, clock });
  });
  afterAll(async () => t.close());

  it('one a day: refused 23 hours later, allowed after 24', async () => {
    const owner = await t.createUser();
    await expectStatus(owner.call('POST', '/api/me/export'), 202);
    await exportSettled(owner);
    clock.advance(23 * HOUR);
    const early = await owner.call('POST', '/api/me/export');
    expect(early.statusCode).toBe(429);
    expect(early.json().code).toBe(YOUR_DATA_ERRORS.exportTooSoon);
    clock.advance(1 * HOUR + 60_000);
    await expectStatus(owner.call('POST', '/api/me/export'), 202);
  });

  it('a failed export does not count: the owner may ask again at once', async () => {
    const owner = await t.createUser();
    const started = await expectStatus(owner.call('POST', '/api/me/export'), 202);
    await exportSettled(owner);
    await t.db
      .update(schema.dataExports)
      .set({ status: 'failed' })
      .where(eq(schema.dataExports.id, started.json().export.id));
    expect((await owner.call('GET', '/api/me/export')).json().next_export_at).toBeNull();
    await expectStatus(owner.call('POST', '/api/me/export'), 202);
  });

  it('downloads for 7 days, then 410; the maintenance job deletes the file', async () => {
    const owner = await t.createUser();
    const started = await expectStatus(owner.call('POST', '/api/me/export'), 202);
    const ready = await exportSettled(owner);
    const [row] = await t.db
      .select()
      .from(schema.dataExports)
      .where(eq(schema.dataExports.id, started.json().export.id));
    const stored = await t.drivers.storage.get(row!.storageKey!, 'private');
    expect(stored).not.toBeNull();
    stored!.body.destroy();

    clock.advance(7 * 24 * HOUR - 60_000);
    await expectStatus(owner.call('GET', ready.download_url!), 200);

    clock.advance(2 * 60_000);
    const late = await owner.call('GET', ready.download_url!);
    expect(late.statusCode).toBe(410);
    expect(late.json()).toMatchObject({
      code: YOUR_DATA_ERRORS.exportExpired,
      message: YOUR_DATA_MESSAGES.exportExpired,
    });
    expect((await owner.call('GET', '/api/me/export')).json().export).toMatchObject({
      status: 'expired',
      download_url: null,
    });

    const prune = createJobHandlers({ ...t.drivers, db: t.db, clock })['maintenance.prune'];
    await prune({ id: 'prune:expiry', name: 'maintenance.prune', attempt: 1, data: {} });
    expect(await t.drivers.storage.get(row!.storageKey!, 'private')).toBeNull();
    const [after] = await t.db
      .select()
      .from(schema.dataExports)
      .where(eq(schema.dataExports.id, row!.id));
    expect(after).toMatchObject({ status: 'expired', storageKey: null });
    expect((await owner.call('GET', ready.download_url!)).statusCode).toBe(410);
  });
});
