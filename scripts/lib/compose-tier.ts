/**
 * The compose tier (issue 28): docker-compose.yml itself, run with podman-compose on the images
 * it names, and a user's journey through its nginx proxy (tests/compose).
 *
 * - Engine: the container tier's condition. It runs when a container engine answers (DOCKER_HOST
 *   or the default sockets) or when asked (`--only=compose`, TOUCHLINE_COMPOSE=1); asked, as root
 *   on Debian, `setup-engine.sh compose` installs podman, runc and podman-compose. In a plain
 *   `npm test` without an engine it says why it did not run; TOUCHLINE_COMPOSE=0 never runs it,
 *   =auto behaves as a plain `npm test` whatever `--only` says (CI's newcomer check).
 * - Images: `infra/compose/build-images.sh --app`: stand-ins under the names the file uses where
 *   no real image is there (root, cached by their inputs), then the app image with
 *   `podman-compose build` (layer cache).
 * - Run: a fresh project `touchline-compose-<pid>` (leftovers of killed runs are removed first),
 *   the two published ports moved to free loopback ports (PROXY_PORT, MAILPIT_PORT),
 *   `podman-compose up --no-start`, then the conductor starts the services in the file's
 *   `depends_on` order and runs their health checks (podman-compose 1.0.3 ignores conditions;
 *   podman 4.3 needs systemd for health checks). Then vitest runs tests/compose against it, and
 *   `podman-compose down -v` ends it — also when something failed — and nothing may be left.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { bringUp, tails } from './compose/conductor';
import { readComposePlan } from './compose/plan';
import { capture, projectContainers } from './compose/podman';
import {
  freePorts,
  knownProjects,
  processAlive,
  projectName,
  projectResources,
  removeProject,
  staleProjects,
} from './compose/project';
import { formatDuration, yellow } from './output';
import { envWithout } from './process';
import type { StageResult } from './stages';
import type { TierContext } from './tier-context';

const TITLE = 'compose';
const COMPOSE_FILE = 'docker-compose.yml';

/** Was the tier asked for by name (`--only=compose`) or by TOUCHLINE_COMPOSE=1? */
export function composeAsked(argv: readonly string[], setting: string | undefined): boolean {
  if (setting === '1') return true;
  if (setting === 'auto') return false;
  const groups = argv.flatMap((arg, i) =>
    arg.startsWith('--only=')
      ? arg.slice('--only='.length).split(',')
      : arg === '--only'
        ? (argv[i + 1] ?? '').split(',')
        : [],
  );
  return groups.map((g) => g.trim()).includes('compose');
}

export async function composeTier(ctx: TierContext): Promise<StageResult> {
  const t0 = Date.now();
  const elapsed = () => Date.now() - t0;
  const setting = process.env.TOUCHLINE_COMPOSE;
  const required = composeAsked(process.argv.slice(2), setting);
  const root = process.getuid?.() === 0;
  const notRun = (reason: string): StageResult => {
    ctx.say(yellow(`Compose tier: not run — ${reason}`));
    return { title: TITLE, status: 'not-run', note: reason, durationMs: elapsed() };
  };
  const failed = (reason: string): StageResult => ({
    title: TITLE,
    status: 'failed',
    note: reason,
    durationMs: elapsed(),
  });
  const bounded = (ms: number) => Math.min(ms, ctx.timeoutMs() ?? ms);
  /** A helper script; `live`: its progress (stderr) straight to the terminal. */
  const script = (file: string, args: string[], timeoutMs: number, live = false) =>
    capture('bash', [path.join(ctx.root, file), ...args], {
      cwd: ctx.root,
      timeoutMs: bounded(timeoutMs),
      stderr: live ? 'inherit' : 'pipe',
    });
  const lastLines = (text: string, n = 25) => text.trim().split('\n').slice(-n).join('\n');

  if (setting === '0') return notRun('TOUCHLINE_COMPOSE=0');

  /* ---------------------------------------------------------------- engine */
  const timings: string[] = [];
  let phase = Date.now();
  const engine = await script('infra/containers/setup-engine.sh', ['status'], 60_000);
  if (engine.code !== 0 && !required) {
    return notRun(
      'no container engine answers (DOCKER_HOST, /var/run/docker.sock): start Docker or podman, or run `npm test -- --only=compose` (as root on Debian it sets up podman and podman-compose)',
    );
  }
  const tools = await script('infra/containers/setup-engine.sh', ['compose'], 10 * 60_000, true);
  if (tools.code !== 0) {
    const reason =
      'podman, runc and podman-compose are needed (infra/containers/setup-engine.sh compose: see its output above)';
    return required ? failed(reason) : notRun(reason);
  }

  /* ---------------------------------------------------------------- images */
  if (!root) {
    const check = await script('infra/compose/build-images.sh', ['--check'], 5 * 60_000);
    if (check.code !== 0) {
      const reason = `the images docker-compose.yml names are missing and building their stand-ins needs root: sudo bash infra/compose/build-images.sh (${lastLines(check.stderr, 6).replace(/\n/g, '; ')})`;
      return required ? failed(reason) : notRun(reason);
    }
  }
  const images = await script('infra/compose/build-images.sh', ['--app'], 45 * 60_000, true);
  if (images.code !== 0) {
    return failed(
      `building the compose images failed${images.timedOut ? ' (timed out)' : ''}: infra/compose/build-images.sh --app (see its output above)`,
    );
  }
  timings.push(`images ${formatDuration(Date.now() - phase)}`);

  /* ---------------------------------------------------------------- up */
  const project = projectName(process.pid);
  const stale = staleProjects(await knownProjects(), project, processAlive);
  for (const name of stale) {
    ctx.say(`[compose] removing ${name}, left by a run that ended early`);
    await removeProject(name);
  }
  const [proxyPort, mailPort] = (await freePorts(2)) as [number, number];
  // The file's own variables are the tier's (a developer's shell may hold others of the same name;
  // METRICS_TOKEN is passed through to the containers when set, so it is not).
  const composeEnv: NodeJS.ProcessEnv = {
    ...envWithout(['METRICS_TOKEN', 'COMPOSE_PROJECT_NAME', 'COMPOSE_FILE'], [], process.env),
    APP_SECRET: randomBytes(32).toString('hex'),
    PUBLIC_URL: `http://127.0.0.1:${proxyPort}`,
    PROXY_PORT: `127.0.0.1:${proxyPort}`,
    MAILPIT_PORT: String(mailPort),
  };
  const compose = (args: string[], timeoutMs: number) =>
    capture('podman-compose', ['-p', project, '-f', COMPOSE_FILE, ...args], {
      cwd: ctx.root,
      env: composeEnv,
      timeoutMs: bounded(timeoutMs),
    });

  let result: StageResult | undefined;
  try {
    phase = Date.now();
    const plans = readComposePlan(readFileSync(path.join(ctx.root, COMPOSE_FILE), 'utf8'));
    const created = await compose(['up', '--no-build', '--no-start'], 5 * 60_000);
    if (created.code !== 0) {
      return (result = failed(
        `podman-compose up --no-start failed: ${lastLines(`${created.stdout}\n${created.stderr}`, 15)}`,
      ));
    }
    ctx.say(`[compose] ${project}: ${plans.length} services created; starting in depends_on order`);
    const up = await bringUp(project, plans, {
      timeoutMs: bounded(8 * 60_000),
      say: (line) => ctx.say(`[compose] ${line}`),
    });
    timings.push(`up ${formatDuration(up.ms)}`);
    if (!up.ok) {
      ctx.say(await tails(up.containers));
      return (result = failed(`the stack did not come up: ${up.reason} (logs above)`));
    }
    ctx.say(`[compose] up in ${formatDuration(up.ms)}: http://127.0.0.1:${proxyPort} (proxy)`);

    /* -------------------------------------------------------------- tests */
    phase = Date.now();
    const env: NodeJS.ProcessEnv = {
      ...ctx.servicesEnv,
      TOUCHLINE_COMPOSE_PROJECT: project,
      TOUCHLINE_COMPOSE_URL: `http://127.0.0.1:${proxyPort}`,
      TOUCHLINE_COMPOSE_MAILPIT_URL: `http://127.0.0.1:${mailPort}`,
    };
    const tests = await ctx.vitest(TITLE, 'compose', [], env, [
      '--config',
      'tests/compose/vitest.config.ts',
    ]);
    timings.push(`tests ${formatDuration(Date.now() - phase)}`);
    if (tests.status === 'failed')
      ctx.say(await tails(await projectContainers(project).catch(() => [])));
    result = { ...tests, title: TITLE };
    return result;
  } catch (error) {
    return (result = failed(`crashed: ${(error as Error).message}`));
  } finally {
    /* -------------------------------------------------------------- down */
    phase = Date.now();
    const down = await compose(['down', '-v', '-t', '30'], 5 * 60_000);
    const left = await projectResources(project);
    // podman-compose 1.0.3's `down` leaves the project's network: removed here, not a failure.
    if (left.networks.length > 0 && left.containers.length === 0) await removeProject(project);
    timings.push(`down ${formatDuration(Date.now() - phase)}`);
    const leftovers = [
      ...left.containers.map((c) => `container ${c}`),
      ...left.volumes.map((v) => `volume ${v}`),
    ];
    if (down.code !== 0 || leftovers.length > 0) {
      await removeProject(project);
      const why =
        down.code !== 0
          ? `podman-compose down -v failed: ${lastLines(down.stderr, 5)}`
          : `podman-compose down -v left ${leftovers.join(', ')} (removed)`;
      if (result) {
        result.status = 'failed';
        result.note = [result.note, why].filter(Boolean).join('; ');
      }
    } else {
      ctx.say(`[compose] down: no container, volume or network of ${project} left`);
    }
    if (result) {
      result.note = [result.note, timings.join(', ')].filter(Boolean).join('; ');
      result.durationMs = elapsed();
    }
  }
}
