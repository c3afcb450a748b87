/**
 * Embedded cold start: `npm start` itself, as a user runs it (npm, then `scripts/start.mjs`: its
 * staleness checks, then the compiled server in dist/ on the embedded defaults: a fresh data
 * directory copied from the demo world the build seeded (decision 66), its dates moved to the
 * day, the in-process workers, the built SPA); the time from the spawn until both `GET /` and `GET /api/health` answer 200,
 * and the CPU time of every process it started (npm, its shell, node). A fresh data directory
 * each round; the median of the rounds. The builds `npm start` would make first on a fresh clone
 * (the SPA, the server) are made before the rounds and not counted.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { run } from '../lib/process';
import { serverBuildReason, webBuildReason } from '../lib/build-staleness.mjs';
import { groupCpuSeconds } from './group-cpu';
import { ROUNDS, freePort, log, median, root, rows, sleep, wallMs } from './lib';

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
    const vars = {
      ...process.env,
      ...env,
      DATA_DIR: dataDir,
      PORT: String(p),
      HOST: '127.0.0.1',
      WEB_DIST_DIR: dist,
      LOG_LEVEL: 'warn',
    };
    // Its own process group: the CPU time of all it starts is counted, and all of it is stopped.
    const proc = spawn('npm', ['start'], {
      cwd: root,
      env: Object.fromEntries(Object.entries(vars).filter(([, v]) => v !== undefined)),
      stdio: ['ignore', 'pipe', 'ignore'],
      detached: true,
    });
    proc.stdout.resume();
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
      const cpu = proc.pid === undefined ? undefined : await groupCpuSeconds(proc.pid);
      if (cpu !== undefined) cpuSamples.push(cpu);
      log(
        `  round ${round + 1}: ${samples.at(-1)!.toFixed(2)} s` +
          (cpu === undefined ? '' : ` (${cpu.toFixed(2)} s of CPU)`),
      );
    } finally {
      if (!exited) {
        process.kill(-proc.pid!, 'SIGTERM');
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
      `npm start as shipped: fresh data dir copied from the demo world the build seeded, dates moved to the day` +
      (cpuSamples.length
        ? `; ${median(cpuSamples).toFixed(1)} s of CPU in all its processes (the machine's load aside)`
        : '') +
      (hasWeb ? '' : '; stub page (web/dist missing)'),
  });
}
