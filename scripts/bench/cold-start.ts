/**
 * Embedded cold start: `npm start` as shipped (`scripts/start.ts`: its staleness checks, then the
 * compiled server in dist/ on the embedded defaults: a fresh PGlite data directory from the
 * pre-migrated template, the in-process workers, the demo seed, the built SPA) in a new process;
 * the time from the spawn until both `GET /` and `GET /api/health` answer 200. A fresh data
 * directory each round; the median of the rounds. The builds `npm start` would make first on a
 * fresh clone (the SPA, the server) are made before the rounds and not counted.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { run } from '../lib/process';
import { serverBuildReason, webBuildReason } from '../lib/build-staleness.mjs';
import { ROUNDS, child, freePort, log, median, root, rows, sleep, wallMs } from './lib';

const SERVICE_VARS = [
  'DATABASE_URL',
  'REDIS_URL',
  'S3_BUCKET',
  'S3_ENDPOINT',
  'SMTP_URL',
  'PAYMENT_PROVIDER',
  'APP_SECRET',
  'PORT',
  'DATA_DIR',
];

async function buildIfStale(reason: string | null, args: string[]) {
  if (!reason) return;
  log(`  building first (${reason}): npm ${args.join(' ')}`);
  const result = await run('npm', args, { cwd: root, ownGroup: false });
  if (result.code !== 0) throw new Error(`npm ${args.join(' ')} failed`);
}

export async function benchColdStart() {
  await buildIfStale(webBuildReason(root), ['run', 'build', '-w', 'web']);
  await buildIfStale(serverBuildReason(root), ['run', 'build:server']);
  const webDist = path.join(root, 'web', 'dist');
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  const samples: number[] = [];
  const cpuSamples: number[] = [];
  log(`\nembedded cold start (${ROUNDS} rounds${hasWeb ? '' : ', web/dist missing: a stub page'})`);
  for (let round = 0; round < ROUNDS; round += 1) {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'touchline-bench-cold-'));
    let dist = webDist;
    if (!hasWeb) {
      dist = path.join(dataDir, 'web');
      await mkdir(dist, { recursive: true });
      await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Touchline</title>');
    }
    const p = await freePort();
    const env: Record<string, string | undefined> = Object.fromEntries(
      SERVICE_VARS.map((name) => [name, undefined]),
    );
    const started = wallMs();
    const proc = child([path.join(root, 'scripts/start.ts')], {
      env: {
        ...env,
        DATA_DIR: dataDir,
        PORT: String(p),
        HOST: '127.0.0.1',
        WEB_DIST_DIR: dist,
        LOG_LEVEL: 'warn',
      },
      quiet: true,
    });
    proc.stdout!.resume();
    let exited = false;
    proc.once('exit', () => {
      exited = true;
    });
    try {
      const ok = async (url: string) => {
        try {
          const res = await fetch(url);
          await res.arrayBuffer();
          return res.status === 200;
        } catch {
          return false;
        }
      };
      const deadline = Date.now() + 120_000;
      let page = false;
      let health = false;
      while (!(page && health)) {
        if (exited) throw new Error('the server exited before answering');
        if (Date.now() > deadline) throw new Error('the server did not answer within 120 s');
        page ||= await ok(`http://127.0.0.1:${p}/`);
        health ||= page && (await ok(`http://127.0.0.1:${p}/api/health`));
        if (!(page && health)) await sleep(20);
      }
      samples.push((wallMs() - started) / 1000);
      const cpu = await cpuSeconds(proc.pid);
      if (cpu !== undefined) cpuSamples.push(cpu);
      log(
        `  round ${round + 1}: ${samples.at(-1)!.toFixed(2)} s` +
          (cpu === undefined ? '' : ` (${cpu.toFixed(2)} s of CPU)`),
      );
    } finally {
      if (!exited) {
        proc.kill('SIGTERM');
        await new Promise((resolve) => proc.once('exit', resolve));
      }
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  const s = median(samples);
  rows.push({
    name: 'Embedded cold start to the first served page (GET / and GET /api/health)',
    value: s,
    unit: 's',
    target: '≤ 3 s',
    meets: s <= 3,
    note:
      `npm start as shipped: fresh PGlite dir from the migrated template, demo seed included` +
      (cpuSamples.length
        ? `; ${median(cpuSamples).toFixed(1)} s of CPU (the machine's load aside)`
        : '') +
      (hasWeb ? '' : '; stub page (web/dist missing)'),
  });
}

/**
 * The CPU time (user + system) the process has used so far, from /proc (Linux): what the start
 * costs whatever else loads the machine. Undefined elsewhere.
 */
async function cpuSeconds(pid: number | undefined): Promise<number | undefined> {
  if (!pid) return undefined;
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 14 and 15 of stat (utime, stime), counted from the state field (3), in clock ticks.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}
