import { describe, expect, it } from 'vitest';
import { appendEvent } from '@touchline/db/outbox';
import { createTestApp } from '../testing/test-app';
import { settleStartWork } from './settle';

describe('settleStartWork', () => {
  it('waits until queued events are relayed and their jobs ran', async () => {
    const t = await createTestApp({ workers: true });
    await appendEvent(t.db, {
      type: 'user.sessions_revoked',
      payload: { userId: '00000000-0000-7000-8000-000000000001' },
    });
    expect(await settleStartWork({ db: t.db, queue: t.drivers.queue, maxMs: 60_000 })).toBe(true);
    const counts = await t.drivers.queue.admin.counts();
    expect(Object.values(counts).every((c) => c.waiting + c.active === 0)).toBe(true);
    await t.close();
  });

  it('gives up after maxMs when work keeps coming, without throwing', async () => {
    const t = await createTestApp({ workers: false });
    await appendEvent(t.db, {
      type: 'user.sessions_revoked',
      payload: { userId: '00000000-0000-7000-8000-000000000001' },
    });
    // No relay runs: the event stays unpublished, so the start goes on after the bound.
    expect(await settleStartWork({ db: t.db, queue: t.drivers.queue, maxMs: 200 })).toBe(false);
    await t.close();
  });
});
