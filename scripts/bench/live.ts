/**
 * The live path, one event at a time (issue 22 item 3): how long a user's open tab waits to hear
 * of something another user did, with the shipped relay settings (woken at commit, the 200 ms
 * poll only as the safety net) and the workers running as they ship (in the API process,
 * concurrency 50, as `npm start` runs them).
 *
 * The fan-out academy's socket (held by the bench's socket child process) is the one listening:
 * - registration → academy: a player registers for the academy's free trial (`POST
 *   /api/player_trial`); the `notification` event on the academy's socket ends the wait;
 * - comment → author, like → author: a player comments on / likes the academy's post.
 * Each sample is sent alone (the previous one arrived), by a different player; p50 and p99 of the
 * time from sending the request to the event's arrival (one shared clock).
 */
import { sql } from 'drizzle-orm';
import type { TestDatabase } from '@touchline/db/testing';
import type { BenchApp } from './app';
import { log, median, quantile, rows, sized, until, wallMs } from './lib';
import { benchWorkers, closeGroup, collect, connect, count, startSockets } from './realtime';
import { TABLE, rowsOf, uid } from './seed';
import type { Tokens } from './http';

export async function benchLive(input: {
  bench: BenchApp;
  database: TestDatabase;
  tokens: Tokens;
  players: number[];
  academy: number;
}) {
  const { bench, database, tokens, academy } = input;
  const SAMPLES = sized(200, 5);
  const players = input.players.slice(0, SAMPLES);
  if (players.length < SAMPLES) throw new Error(`the live path needs ${SAMPLES} signed-in players`);
  const appUrl = await bench.listen();
  const wsUrl = appUrl.replace(/^http/, 'ws');
  const academyId = uid(TABLE.users, academy);
  const academyToken = tokens.get(academy)!;
  log(`\nlive path: ${SAMPLES} samples each, one at a time, to the academy's socket`);

  // Nothing left from earlier parts may be relayed during the samples.
  await database.db.execute(sql`delete from outbox`);
  await benchWorkers(bench, database);
  const proc = await startSockets();
  try {
    const trialId = uid(TABLE.trials, 950_000);
    await database.db.execute(sql`
      insert into trials (id, academy_id, name, sport, state, district, venue, trial_date,
        start_time, deadline, participant_limit, created_at, updated_at)
      values (${trialId}, ${academyId}, 'Live Path Trial', 'football', 'Lagos', 'Surulere',
        'Teslim Balogun Stadium', current_date + 40, '09:00', current_date + 30, ${SAMPLES + 10},
        now(), now())
      on conflict (id) do nothing`);
    const post = await fetch(`${appUrl}/api/post`, {
      method: 'POST',
      headers: { authorization: `Bearer ${academyToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'Live path: trials open on Saturday, tell your friends.' }),
    });
    if (post.status !== 201) throw new Error(`post answered ${post.status}: ${await post.text()}`);
    const postId = ((await post.json()) as { id: string }).id;
    // Its fan-out to the followers runs now, before any sample is taken: wait until the outbox is
    // relayed and the followers' notices of it stop growing (25 polls in a row).
    let last = -1;
    let steady = 0;
    await until(
      async () => {
        const [row] = rowsOf(
          await database.db.execute(sql`
            select (select count(*)::int from outbox where published_at is null and dead_at is null) as pending,
              (select count(*)::int from notifications where link like ${`%${postId}%`}) as told`),
        ) as { pending: number; told: number }[];
        steady = row!.pending === 0 && row!.told === last ? steady + 1 : 0;
        last = row!.told;
        return steady >= 25;
      },
      'the post’s fan-out',
      300_000,
    );

    await connect(
      proc,
      'live',
      [
        {
          url: `${wsUrl}/ws/notifications/${academyId}/`,
          protocols: ['bearer', academyToken],
          userId: academyId,
        },
      ],
      'ready',
    );

    const measure = async (name: string, act: (player: number, i: number) => Promise<Response>) => {
      const times: number[] = [];
      for (const [i, player] of players.entries()) {
        await collect(proc, 'notification');
        const t0 = wallMs();
        const res = await act(player, i);
        if (res.status >= 300)
          throw new Error(`${name} ${i + 1} answered ${res.status}: ${await res.text()}`);
        await until(async () => (await count(proc, 'notification')) >= 1, `${name} ${i + 1}`);
        const [at] = await collect(proc, 'notification');
        times.push(at! - t0);
      }
      const p50 = median(times);
      const p99 = quantile(times, 0.99);
      log(`  ${name}: p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`);
      return { p50, p99 };
    };
    const as = (player: number) => ({
      authorization: `Bearer ${tokens.get(player)!}`,
      'content-type': 'application/json',
    });

    const results = [
      [
        'registration → academy socket',
        await measure('registration', (player, i) =>
          fetch(`${appUrl}/api/player_trial`, {
            method: 'POST',
            headers: as(player),
            body: JSON.stringify({
              trial: trialId,
              name: `Bench Player ${player}`,
              dob: '1995-06-15',
              phone: `0803${String(3_000_000 + i).slice(-7)}`,
              email: `bench${player}@example.test`,
              state: 'Lagos',
              district: 'Ikeja',
              level: 'district',
              answers: [],
            }),
          }),
        ),
      ],
      [
        'comment → author socket',
        await measure('comment', (player, i) =>
          fetch(`${appUrl}/api/add_comment/${postId}`, {
            method: 'POST',
            headers: as(player),
            body: JSON.stringify({ content: `Count me in (${i + 1})` }),
          }),
        ),
      ],
      [
        'like → author socket',
        await measure('like', (player) =>
          fetch(`${appUrl}/api/like/${postId}`, {
            method: 'POST',
            headers: { authorization: as(player).authorization },
          }),
        ),
      ],
    ] as const;
    for (const [name, { p50, p99 }] of results) {
      rows.push({
        name: `Live path: ${name} (one at a time, shipped relay)`,
        value: p99,
        unit: 'ms p99',
        target: 'p50 ≤ 30 ms, p99 ≤ 100 ms',
        meets: p50 <= 30 && p99 <= 100,
        note: `p50 ${p50.toFixed(1)} ms, ${SAMPLES} samples`,
      });
    }
  } finally {
    await closeGroup(proc, 'live').catch(() => undefined);
    proc.kill();
  }
}
