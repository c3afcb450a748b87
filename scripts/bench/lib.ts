/** Shared pieces of the benchmark: sizes, statistics, the results table, child processes. */
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const argv = process.argv.slice(2);
export const QUICK = argv.includes('--quick');
export const sized = <T>(full: T, quick: T): T => (QUICK ? quick : full);
export const backend: 'postgres' | 'pglite' = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
export const redisUrl = process.env.TEST_REDIS_URL;
/** Alternating rounds of each pair (baseline, subject, baseline, subject…). */
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? sized(3, 1));
/** Seconds of load per autocannon run. */
export const DURATION = Number(process.env.BENCH_DURATION ?? sized(5, 1));
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

/** The bench's own ports (42000-42999), handed out in order. */
let nextPort = 42000 + (process.pid % 50) * 10;
export const port = () => {
  nextPort += 1;
  if (nextPort > 42999) nextPort = 42000;
  return nextPort;
};

/**
 * Starts a server on the next free port of the range: a port can be taken meanwhile (by another
 * helper, or as the ephemeral local port of some client connection), so EADDRINUSE moves on.
 */
export async function onFreePort<T>(start: (port: number) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await start(port());
    } catch (err) {
      if ((err as { code?: string }).code !== 'EADDRINUSE' || attempt >= 50) throw err;
    }
  }
}

/** A port of the range that is free right now (for a server another process starts). */
export function freePort(): Promise<number> {
  return onFreePort(
    (p) =>
      new Promise<number>((resolve, reject) => {
        const server = createServer();
        server.once('error', reject);
        server.listen(p, '127.0.0.1', () => server.close(() => resolve(p)));
      }),
  );
}

/** Milliseconds on a clock every process of the machine shares (for cross-process latencies). */
export const wallMs = () => performance.timeOrigin + performance.now();

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
export const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))] ?? NaN;
};

/** One line of the results table. */
export type Row = {
  /** What is measured (the subject). */
  name: string;
  /** The baseline it is compared with, if any. */
  baseline?: string;
  baselineValue?: number;
  value?: number;
  unit: string;
  /** subject / baseline (or the measured value when the target is absolute). */
  ratio?: number;
  target: string;
  /** true meets, false misses, null not judged (no target on this run, or not run). */
  meets: boolean | null;
  note?: string;
};

export const rows: Row[] = [];
export const log = (...parts: unknown[]) => console.log(...parts);

export const fmt = (v: number | undefined, unit = '') => {
  if (v === undefined || Number.isNaN(v)) return '—';
  const a = Math.abs(v);
  const n =
    a >= 100
      ? v.toFixed(0)
      : a >= 10
        ? v.toFixed(1)
        : a >= 0.01 || a === 0
          ? v.toFixed(2)
          : v.toPrecision(2);
  return unit ? `${n} ${unit}` : n;
};
const pct = (r: number | undefined) => (r === undefined ? '—' : `${(r * 100).toFixed(1)} %`);

/** Ratio cells read as percentages when the target is one, else as a factor. */
export function renderTable(list: Row[]): string {
  const lines = [
    '| Measure | Baseline | Subject | Ratio | Target | Meets |',
    '| --- | --- | --- | --- | --- | --- |',
  ];
  for (const r of list) {
    const base = r.baseline ? `${r.baseline}: ${fmt(r.baselineValue, r.unit)}` : '—';
    const ratio = r.target.includes('%')
      ? pct(r.ratio)
      : r.ratio === undefined
        ? '—'
        : `${fmt(r.ratio)}×`;
    const meets = r.meets === null ? 'not judged' : r.meets ? 'yes' : '**no**';
    const subject = `${fmt(r.value, r.unit)}${r.note ? ` (${r.note})` : ''}`;
    lines.push(`| ${r.name} | ${base} | ${subject} | ${ratio} | ${r.target} | ${meets} |`);
  }
  return lines.join('\n');
}

/** A child process of the bench, killed when the bench ends. */
const children = new Set<ChildProcess>();
export function child(
  args: string[],
  options: { env?: Record<string, string | undefined>; ipc?: boolean; quiet?: boolean } = {},
): ChildProcess {
  const env = Object.fromEntries(
    Object.entries({ ...process.env, ...options.env }).filter(([, v]) => v !== undefined),
  ) as Record<string, string>;
  const proc = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: root,
    env,
    stdio: options.ipc
      ? ['ignore', options.quiet ? 'ignore' : 'inherit', 'inherit', 'ipc']
      : ['ignore', 'pipe', options.quiet ? 'ignore' : 'inherit'],
  });
  children.add(proc);
  proc.once('exit', () => children.delete(proc));
  // A send to a child that has died must fail its own step, not crash the bench (whose cleanup
  // drops the database and the Redis keys).
  proc.on('error', (err) => console.error(`bench child ${args[0] ?? ''}: ${err.message}`));
  return proc;
}
export function killChildren() {
  for (const proc of children) proc.kill('SIGKILL');
}

/** Waits for the first IPC message satisfying `match` (or the child's exit, an error). */
export function nextMessage<T>(proc: ChildProcess, match: (m: T) => boolean, timeoutMs = 120_000) {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => done(new Error('timed out waiting for a child')), timeoutMs);
    const onMessage = (m: unknown) => {
      if (match(m as T)) done(undefined, m as T);
    };
    const onExit = (code: number | null) => done(new Error(`child exited (${code})`));
    function done(err?: Error, value?: T) {
      clearTimeout(timer);
      proc.off('message', onMessage);
      proc.off('exit', onExit);
      if (err) reject(err);
      else resolve(value!);
    }
    proc.on('message', onMessage);
    proc.once('exit', onExit);
  });
}

export type CannonRequest = {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
};
export type CannonResult = {
  rps: number;
  p50: number;
  p99: number;
  total: number;
  failed: number;
  statuses: Record<string, number>;
};

/**
 * autocannon in its own process (the server under test keeps this process's event loop to
 * itself): `requests` are sent in turn, each connection taking the next one.
 */
export async function cannon(
  url: string,
  requests: CannonRequest[],
  options: { duration?: number; connections?: number; amount?: number } = {},
): Promise<CannonResult> {
  const file = path.join(
    tmpdir(),
    `touchline-bench-${process.pid}-${Math.random().toString(36).slice(2)}.json`,
  );
  await writeFile(
    file,
    JSON.stringify({
      url,
      requests,
      // --quick: a few requests are enough to see the harness work.
      duration: options.amount || QUICK ? undefined : (options.duration ?? DURATION),
      amount: options.amount ?? (QUICK ? 30 : undefined),
      connections: options.connections ?? CONNECTIONS,
    }),
  );
  const proc = child([path.join(root, 'scripts/bench/cannon.ts'), file]);
  let out = '';
  proc.stdout!.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => proc.once('exit', resolve));
  if (code !== 0) throw new Error(`autocannon exited with ${code}: ${out}`);
  return JSON.parse(out.trim().split('\n').at(-1)!) as CannonResult;
}

/** Throws unless every request answered 2xx (the rows must measure work that succeeded). */
export function assertOk(name: string, r: CannonResult) {
  if (r.failed > 0 || r.total === 0)
    throw new Error(
      `${name}: ${r.failed} of ${r.total} requests failed (${JSON.stringify(r.statuses)})`,
    );
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it answers true (no fixed sleeps: a busy machine only makes it slower). */
export async function until(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 120_000,
) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}
