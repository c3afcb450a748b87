/**
 * Trial registration under contention: PLAYERS players register at once (autocannon, one
 * connection each, every request a different player) for a free trial with PLACES places. Exactly
 * PLACES must answer 201 and the trial must count PLACES registrations; the rest are told it is
 * full. Each round uses a trial of its own; answers/s and p99 are the medians of the rounds.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '@touchline/db';
import type { BenchApp } from './app';
import { ROUNDS, cannon, log, median, rows, sized, type CannonRequest } from './lib';
import { TABLE, rowsOf, uid } from './seed';
import type { Tokens } from './http';

export async function benchContention(input: {
  bench: BenchApp;
  db: Database;
  tokens: Tokens;
  players: number[];
  academy: number;
}) {
  const { bench, db, tokens, academy } = input;
  const PLAYERS = sized(200, 20);
  const PLACES = sized(50, 5);
  const players = input.players.slice(0, PLAYERS);
  if (players.length < PLAYERS) throw new Error(`contention needs ${PLAYERS} signed-in players`);
  const url = await bench.listen();
  log(`\ntrial registration: ${PLAYERS} players at once for ${PLACES} places`);
  const rates: number[] = [];
  const p99s: number[] = [];
  let exact = true;
  const outcomes: string[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const trialId = uid(TABLE.trials, 900_000 + round);
    await db.execute(sql`
      insert into trials (id, academy_id, name, sport, state, district, venue, trial_date,
        start_time, deadline, participant_limit, created_at, updated_at)
      values (${trialId}, ${uid(TABLE.users, academy)}, ${`Contention Trial ${round + 1}`},
        'football', 'Lagos', 'Surulere', 'Teslim Balogun Stadium', current_date + 40, '09:00',
        current_date + 30, ${PLACES}, now(), now())`);
    const requests: CannonRequest[] = players.map((n, i) => ({
      method: 'POST',
      path: '/api/player_trial',
      headers: {
        authorization: `Bearer ${tokens.get(n)!}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        trial: trialId,
        name: `Bench Player ${n}`,
        dob: '1995-06-15',
        phone: `0803${String(2_000_000 + i).slice(-7)}`,
        email: `bench${n}@example.test`,
        state: 'Lagos',
        district: 'Ikeja',
        level: 'district',
        answers: [],
      }),
    }));
    const started = performance.now();
    const r = await cannon(url, requests, { amount: PLAYERS, connections: PLAYERS });
    const seconds = (performance.now() - started) / 1000;
    const created = r.statuses['201'] ?? 0;
    const [stored] = rowsOf(
      await db.execute(sql`
        select t.registered_count as counted,
          (select count(*)::int from trial_registrations r where r.trial_id = t.id
             and r.status = 'registered') as live,
          (select count(*)::int from trial_registrations r where r.trial_id = t.id
             and r.status = 'waitlisted') as waiting
        from trials t where t.id = ${trialId}`),
    ) as { counted: number; live: number; waiting: number }[];
    // Every player is answered 201: the first PLACES registered, the rest on the waitlist
    // (decision 49).
    const ok =
      created === PLAYERS &&
      stored?.counted === PLACES &&
      stored.live === PLACES &&
      stored.waiting === PLAYERS - PLACES;
    exact &&= ok;
    rates.push(r.rps);
    p99s.push(r.p99);
    outcomes.push(JSON.stringify(r.statuses));
    log(
      `  round ${round + 1}: answers ${JSON.stringify(r.statuses)}, trial counts ${stored?.counted} ` +
        `(${stored?.live} stored, ${stored?.waiting} waitlisted), ${r.rps.toFixed(0)} answers/s, p99 ${r.p99} ms (${seconds.toFixed(1)} s with the client's start)`,
    );
    if (!ok)
      throw new Error(
        `expected ${PLACES} registered and ${PLAYERS - PLACES} waitlisted, got ${stored?.live} and ${stored?.waiting} (answers ${outcomes.at(-1)})`,
      );
  }
  rows.push({
    name: `Trial registration, ${PLAYERS} players for ${PLACES} places at once`,
    value: median(rates),
    unit: 'answers/s',
    target: `exactly ${PLACES} registered, the rest waitlisted`,
    meets: exact,
    note: `${exact ? `exactly ${PLACES} registered and ${PLAYERS - PLACES} waitlisted every round` : 'counts differ'}; p99 ${median(p99s).toFixed(0)} ms; answers ${outcomes[0]}`,
  });
}
