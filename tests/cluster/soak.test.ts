/**
 * The soak's 2-minute version (issue 25 item 13; the 10-minute one is `npm run soak`, its result
 * in docs/operations.md "Soak"): players and academies browse, post, like, comment, chat over
 * sockets, register and pay in the sandbox through two API instances and a worker, while the
 * worker is killed and Redis restarts, and a `pg_dump` is taken under the load. At the end every
 * acknowledged message, registration, payment and the notices they owe exist exactly once, every
 * socket heard each message once, and the dump restored into an empty database holds everything
 * acknowledged before it began.
 */
import { describe, expect, it } from 'vitest';
import { runSoak } from './testing/soak';

describe('a 2-minute soak with faults', () => {
  it('loses nothing and counts everything once', async () => {
    const result = await runSoak({
      durationMs: 120_000,
      reportEveryMs: 30_000,
      players: 10,
      academies: 2,
      faults: true,
      backup: true,
      serverUrl: process.env.TEST_DATABASE_URL!,
      ports: [45400, 45499],
      log: (line) => console.log(line),
    });
    console.log(
      `soak totals: ${result.totals.requests} requests, p50 ${result.totals.p50} ms, p99 ${result.totals.p99} ms, ${result.totals.errors} errors; acknowledged ${JSON.stringify(result.acknowledged)}`,
    );
    for (const c of result.checks)
      console.log(`${c.ok ? 'ok  ' : 'FAIL'} ${c.what}: expected ${c.expected}, found ${c.found}`);
    // The population did each kind of thing, and the faults happened.
    expect(result.faults).toHaveLength(3);
    for (const [kind, n] of Object.entries(result.acknowledged))
      expect(n, `acknowledged ${kind}`).toBeGreaterThan(0);
    expect(result.intervals.length).toBeGreaterThanOrEqual(3);
    expect(result.checks.filter((c) => !c.ok)).toEqual([]);
  }, 600_000);
});
