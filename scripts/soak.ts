/**
 * `npm run soak`: the soak with faults (issue 25 item 13, tests/cluster/testing/soak.ts) for 10
 * minutes — 40 players and 4 academies on two API instances and a worker, the worker killed,
 * Redis restarted and a `pg_dump` taken (and restored at the end) on the way — with a report every minute and the end state checked. Its last
 * result is kept in docs/operations.md "Soak".
 *
 * Needs a Postgres server it may create databases on (`SOAK_DATABASE_URL`, else
 * `TEST_DATABASE_URL`, else `DATABASE_URL`) and `redis-server` on the PATH (it runs its own, to
 * restart it). Options: `--minutes=N`, `--players=N`, `--academies=N`, `--no-faults`.
 * Exits 1 when a check of the end state fails.
 */
import os from 'node:os';
import { runSoak } from '../tests/cluster/testing/soak';

const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, '').split('=');
    return [key!, value ?? 'true'] as const;
  }),
);
const number = (key: string, fallback: number) => {
  const value = Number(args.get(key) ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${key} must be a positive number`);
  return value;
};

const serverUrl =
  process.env.SOAK_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
if (!serverUrl) {
  console.error(
    'npm run soak needs a Postgres server it may create databases on, for example:\n' +
      '  SOAK_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run soak',
  );
  process.exit(2);
}

const minutes = number('minutes', 10);
const options = {
  durationMs: minutes * 60_000,
  reportEveryMs: 60_000,
  players: number('players', 40),
  academies: number('academies', 4),
  faults: args.get('no-faults') !== 'true',
  backup: args.get('no-faults') !== 'true',
  serverUrl,
  ports: [45500, 45599] as const,
  log: (line: string) => console.log(line),
};
const load = os.loadavg()[0]!.toFixed(2);
console.log(
  `soak: ${minutes} min, ${options.players} players and ${options.academies} academies, faults ${options.faults ? 'on' : 'off'}; ${os.cpus().length} cores, load ${load} at the start`,
);
const result = await runSoak(options);

const rows = result.intervals.map(
  (i) =>
    `| ${i.at} | ${i.requests} | ${i.perSecond} | ${i.p50} | ${i.p99} | ${i.errors} | ${Object.values(
      i.memory,
    )
      .map((mib) => mib ?? '—')
      .join(' / ')} |`,
);
console.log(
  [
    '',
    '| s | requests | per s | p50 ms | p99 ms | errors | RSS MiB (api-a / api-b / worker) |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
    `Totals: ${result.totals.requests} requests, p50 ${result.totals.p50} ms, p99 ${result.totals.p99} ms, ${result.totals.errors} errors.`,
    `Faults: ${result.faults.join('; ') || 'none'}.`,
    `Acknowledged: ${Object.entries(result.acknowledged)
      .map(([kind, n]) => `${n} ${kind}`)
      .join(', ')}.`,
    '',
    ...result.checks.map(
      (c) => `${c.ok ? 'ok  ' : 'FAIL'} ${c.what}: expected ${c.expected}, found ${c.found}`,
    ),
  ].join('\n'),
);
const failed = result.checks.filter((c) => !c.ok);
if (failed.length > 0) {
  console.error(`soak: ${failed.length} check(s) failed`);
  process.exit(1);
}
console.log('soak: every check passed');
process.exit(0);
