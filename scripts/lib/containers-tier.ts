/**
 * The container tier (issue 17): the service projects (db, drivers, api, worker) on Postgres and
 * Redis started by Testcontainers, one container of each for the whole run, stopped at the end.
 *
 * - Engine: whatever answers at DOCKER_HOST or the default socket (Docker or podman). When none
 *   answers and the tier was asked for (`--only=containers`, `npm run test:containers`,
 *   TOUCHLINE_CONTAINERS=1), `infra/containers/setup-engine.sh` makes one as root on Debian
 *   (podman + runc) for this run and stops it afterwards. In a plain `npm test` without an engine
 *   the tier is not run and says why. TOUCHLINE_CONTAINERS=0 never runs it; =auto behaves as in a
 *   plain `npm test` whatever `--only` says (CI's newcomer check).
 * - Images: touchline-postgres:15 and touchline-redis:7, built from Debian packages when missing
 *   (`infra/containers/build-images.sh`, as root; cached by package version), or the official
 *   postgres:15 and redis:7 from a registry. TOUCHLINE_TEST_IMAGES=local|official forces one; the
 *   default (auto) takes the local ones when they are there or can be built (root), else official.
 * - Tests: TEST_DATABASE_URL / TEST_REDIS_URL are removed; the helpers get the containers as
 *   TOUCHLINE_CONTAINER_DATABASE_URL / TOUCHLINE_CONTAINER_REDIS_URL (backend "testcontainers").
 *   TESTCONTAINERS_HOST_OVERRIDE=127.0.0.1: ports are published on loopback and reached there.
 *   TOUCHLINE_CONTAINER_TESTS (space-separated files or folders) narrows the run.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { envWithout } from './process';
import { formatDuration, yellow } from './output';
import type { StageResult } from './stages';
import type { TierContext } from './tier-context';

const TITLE = 'containers';

type Outcome = { ok: true; stdout: string } | { ok: false; stdout: string; reason: string };

/** Runs a helper script; stderr goes to the terminal (its progress), stdout is returned. */
function script(
  root: string,
  file: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
): Promise<Outcome> {
  return new Promise((resolve) => {
    const child = spawn('bash', [path.join(root, file), ...args], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGTERM'), timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ ok: false, stdout, reason: `${file}: ${error.message}` });
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve({ ok: true, stdout });
      else
        resolve({
          ok: false,
          stdout,
          reason: `${file} ${args[0] ?? ''} ${signal ? `killed by ${signal} (timed out after ${formatDuration(timeoutMs)})` : `exit ${code}`} (see its output above)`,
        });
    });
  });
}

/** Was the tier asked for by name (`--only=containers`) or by TOUCHLINE_CONTAINERS=1? */
function asked(): boolean {
  if (process.env.TOUCHLINE_CONTAINERS === '1') return true;
  if (process.env.TOUCHLINE_CONTAINERS === 'auto') return false; // as a plain `npm test`
  const argv = process.argv.slice(2);
  const groups = argv.flatMap((arg, i) =>
    arg.startsWith('--only=')
      ? arg.slice('--only='.length).split(',')
      : arg === '--only'
        ? (argv[i + 1] ?? '').split(',')
        : [],
  );
  return groups.map((g) => g.trim()).includes('containers');
}

/**
 * A runtime Testcontainers can use, or the reason there is none. Asked in a child process:
 * Testcontainers keeps the first configuration it reads (DOCKER_HOST …) for the life of the
 * process, and this process may set DOCKER_HOST after an engine is set up.
 */
function findRuntime(
  root: string,
): Promise<{ ok: true; engine: string } | { ok: false; reason: string }> {
  const probe = `
    const { getContainerRuntimeClient } = await import('testcontainers');
    try { await getContainerRuntimeClient(); process.exit(0); }
    catch (error) { process.stderr.write(String(error?.message ?? error)); process.exit(3); }`;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', probe], {
      cwd: root,
      env: process.env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve(
        code === 0
          ? { ok: true, engine: `via ${process.env.DOCKER_HOST ?? 'the default socket'}` }
          : { ok: false, reason: stderr.trim().split('\n').pop() || `probe exit ${code}` },
      );
    });
  });
}

/** What the engine calls itself (Docker Engine / Podman Engine), for the build script's client. */
async function engineName(): Promise<string> {
  const { getContainerRuntimeClient } = await import('testcontainers');
  const client = await getContainerRuntimeClient();
  const version = (await client.container.dockerode.version()) as {
    Components?: { Name: string; Version: string }[];
    Version?: string;
  };
  const component = version.Components?.[0];
  return component ? `${component.Name} ${component.Version}` : `Docker ${version.Version ?? '?'}`;
}

export async function containersTier(ctx: TierContext): Promise<StageResult> {
  const t0 = Date.now();
  const required = asked();
  const elapsed = () => Date.now() - t0;
  const notRun = (reason: string): StageResult => {
    console.log(yellow(`Container tier: not run — ${reason}`));
    return { title: TITLE, status: 'not-run', note: reason, durationMs: elapsed() };
  };
  const failed = (reason: string): StageResult => ({
    title: TITLE,
    status: 'failed',
    note: reason,
    durationMs: elapsed(),
  });

  if (process.env.TOUCHLINE_CONTAINERS === '0') return notRun('TOUCHLINE_CONTAINERS=0');
  if (ctx.serviceProjects.length === 0) return notRun('no db/drivers/api/worker vitest project');

  // Testcontainers reads these from the process environment; the tests get the same.
  process.env.TESTCONTAINERS_HOST_OVERRIDE = '127.0.0.1';
  process.env.TESTCONTAINERS_RYUK_DISABLED = 'true'; // its image is in a registry
  const bounded = (ms: number) => Math.min(ms, ctx.timeoutMs() ?? ms);

  let engineDir: string | undefined;
  let services: { stop: () => Promise<void> } | undefined;
  const timings: string[] = [];
  try {
    /* ---------------------------------------------------------------- engine */
    let phase = Date.now();
    let runtime = await findRuntime(ctx.root);
    if (!runtime.ok) {
      if (!required) {
        return notRun(
          `no container engine answers (DOCKER_HOST, /var/run/docker.sock): start Docker or podman, or run \`npm run test:containers\` (as root on Debian it sets up podman for the run)`,
        );
      }
      if (process.getuid?.() !== 0) {
        return failed(
          `no container engine answers (${runtime.reason}); start Docker or podman and set DOCKER_HOST, or run infra/containers/setup-engine.sh as root`,
        );
      }
      engineDir = mkdtempSync(path.join(os.tmpdir(), 'touchline-engine-'));
      const setup = await script(
        ctx.root,
        'infra/containers/setup-engine.sh',
        ['start', engineDir],
        process.env,
        bounded(10 * 60_000),
      );
      if (!setup.ok) return failed(`container engine setup failed: ${setup.reason}`);
      const host = setup.stdout.trim().split('\n').pop() ?? '';
      process.env.DOCKER_HOST = host;
      runtime = await findRuntime(ctx.root);
      if (!runtime.ok)
        return failed(
          `the engine set up at ${host} does not answer Testcontainers: ${runtime.reason}`,
        );
    }
    const engine = await engineName();
    timings.push(`engine ${formatDuration(Date.now() - phase)}`);
    console.log(`[containers] engine: ${engine} ${runtime.engine}`);

    const { removeLeftoverContainers, startTestServices, TEST_IMAGES } =
      await import('../../infra/containers/test-containers');
    const removed = await removeLeftoverContainers().catch(() => 0);
    if (removed > 0) console.log(`[containers] removed ${removed} container(s) of an earlier run`);

    /* ---------------------------------------------------------------- images */
    phase = Date.now();
    const wanted = process.env.TOUCHLINE_TEST_IMAGES ?? 'auto';
    if (!['auto', 'local', 'official'].includes(wanted))
      return failed(`TOUCHLINE_TEST_IMAGES=${wanted}: use local, official or auto`);
    let source: 'local' | 'official' = wanted === 'official' ? 'official' : 'local';
    if (source === 'local') {
      const buildEnv = {
        ...process.env,
        CONTAINER_CLI: /podman/i.test(engine) && existsCommand('podman') ? 'podman' : 'docker',
      };
      // As root the script builds what is missing (about a second when both are cached);
      // otherwise it only checks, and `auto` falls back to the official images.
      const root = process.getuid?.() === 0;
      const build = await script(
        ctx.root,
        'infra/containers/build-images.sh',
        root ? [] : ['--check'],
        buildEnv,
        bounded(20 * 60_000),
      );
      if (!build.ok && root) return failed(`building the test images failed: ${build.reason}`);
      if (!build.ok && wanted === 'local') {
        return failed(
          `the test images ${TEST_IMAGES.local.postgres} and ${TEST_IMAGES.local.redis} are missing and building them needs root: sudo bash infra/containers/build-images.sh (or TOUCHLINE_TEST_IMAGES=official where a registry is reachable)`,
        );
      }
      if (!build.ok) {
        source = 'official';
        console.log(
          yellow(
            `[containers] no local test images (building them needs root on Debian): using ${TEST_IMAGES.official.postgres} and ${TEST_IMAGES.official.redis} from the registry`,
          ),
        );
      }
    }
    timings.push(`images ${formatDuration(Date.now() - phase)}`);

    /* ------------------------------------------------------------ containers */
    phase = Date.now();
    let started;
    try {
      started = await startTestServices(source);
    } catch (error) {
      const hint =
        source === 'official'
          ? ' (no registry? as root, `bash infra/containers/build-images.sh` builds local images)'
          : '';
      return failed(`containers did not start: ${(error as Error).message}${hint}`);
    }
    services = started;
    timings.push(`containers ${formatDuration(Date.now() - phase)}`);
    console.log(`[containers] ${started.describe}`);
    console.log(
      `[containers] TOUCHLINE_CONTAINER_DATABASE_URL=${started.databaseUrl} TOUCHLINE_CONTAINER_REDIS_URL=${started.redisUrl}`,
    );

    /* ----------------------------------------------------------------- tests */
    phase = Date.now();
    const env: NodeJS.ProcessEnv = {
      ...envWithout(['TEST_DATABASE_URL', 'TEST_REDIS_URL'], [], ctx.servicesEnv),
      DOCKER_HOST: process.env.DOCKER_HOST,
      TESTCONTAINERS_HOST_OVERRIDE: '127.0.0.1',
      TESTCONTAINERS_RYUK_DISABLED: 'true',
      TOUCHLINE_CONTAINER_DATABASE_URL: started.databaseUrl,
      TOUCHLINE_CONTAINER_REDIS_URL: started.redisUrl,
    };
    if (!env.DOCKER_HOST) delete env.DOCKER_HOST;
    // TOUCHLINE_CONTAINER_TESTS="services/api/src/modules/health …": only those files/folders.
    const filters = (process.env.TOUCHLINE_CONTAINER_TESTS ?? '').split(/\s+/).filter(Boolean);
    const ranOnPg = ctx.onceOnPg ?? [];
    const projects = ctx.serviceProjects.filter((name) => !ranOnPg.includes(name));
    if (projects.length < ctx.serviceProjects.length)
      ctx.say(
        `container tier: ${projects.join(', ')} (${ranOnPg.join(', ')}: run on Postgres and Redis by this run's pg tier)`,
      );
    const result = await ctx.vitest(TITLE, 'containers', projects, env, filters);
    timings.push(`tests ${formatDuration(Date.now() - phase)}`);
    const note = [result.note, `${started.describe}; ${timings.join(', ')}`]
      .filter(Boolean)
      .join('; ');
    return { ...result, title: TITLE, note, durationMs: elapsed() };
  } catch (error) {
    return failed(`crashed: ${(error as Error).message}`);
  } finally {
    await services?.stop().catch(() => undefined);
    if (engineDir) {
      await script(
        ctx.root,
        'infra/containers/setup-engine.sh',
        ['stop', engineDir],
        process.env,
        60_000,
      );
      rmSync(engineDir, { recursive: true, force: true });
    }
  }
}

function existsCommand(name: string): boolean {
  return (process.env.PATH ?? '')
    .split(path.delimiter)
    .some((dir) => dir && existsSync(path.join(dir, name)));
}
