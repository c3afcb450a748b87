import { describe, expect, it } from 'vitest';
import { createBatcher, type Outcome } from './batcher';

/** A batch runner that records its batches and holds each until released. */
function recorder(outcome: (item: number) => Outcome = () => ({ ok: true })) {
  const batches: number[][] = [];
  const releases: (() => void)[] = [];
  const run = async (items: number[]) => {
    batches.push(items);
    await new Promise<void>((resolve) => releases.push(resolve));
    return items.map(outcome);
  };
  /** Waits until `n` batches have started (on the event loop's turns, no timers). */
  const started = async (n: number) => {
    while (batches.length < n) await new Promise((resolve) => setImmediate(resolve));
  };
  return { batches, releases, run, started };
}

describe('createBatcher', () => {
  it('runs calls of the same turn as one batch, and calls arriving while it runs as the next', async () => {
    const r = recorder();
    const load = createBatcher(r.run, { maxBatch: 10, maxInFlight: 1 });
    const first = [1, 2, 3].map(load);
    await r.started(1);
    const second = [4, 5].map(load);
    expect(r.batches).toEqual([[1, 2, 3]]);
    r.releases[0]!();
    await Promise.all(first);
    await r.started(2);
    r.releases[1]!();
    await Promise.all(second);
    expect(r.batches).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
  });

  it('splits at maxBatch and runs up to maxInFlight batches at once', async () => {
    const r = recorder();
    const load = createBatcher(r.run, { maxBatch: 2, maxInFlight: 2 });
    const all = [1, 2, 3, 4, 5].map(load);
    await r.started(2);
    expect(r.batches).toEqual([
      [1, 2],
      [3, 4],
    ]);
    r.releases[0]!();
    await r.started(3);
    expect(r.batches[2]).toEqual([5]);
    r.releases[1]!();
    r.releases[2]!();
    await Promise.all(all);
  });

  it('settles each call with its own outcome; a runner that throws fails its batch only', async () => {
    const r = recorder((item) =>
      item === 2 ? { ok: false, error: new Error('two failed') } : { ok: true },
    );
    const load = createBatcher(r.run, { maxBatch: 10, maxInFlight: 1 });
    const settled = Promise.allSettled([1, 2, 3].map(load));
    await r.started(1);
    r.releases[0]!();
    expect((await settled).map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);

    let calls = 0;
    const flaky = createBatcher(
      async (items: number[]) => {
        calls += 1;
        if (calls === 1) throw new Error('batch failed');
        return items.map((): Outcome => ({ ok: true }));
      },
      { maxBatch: 10, maxInFlight: 1 },
    );
    await expect(flaky(1)).rejects.toThrow('batch failed');
    await expect(flaky(2)).resolves.toBeUndefined();
  });
});
