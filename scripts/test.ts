/**
 * `npm test`: every check and test tier, in order, with one summary.
 *
 *   0 chromium   Debian's Chromium for the browser journeys (installed from apt as root)
 *   1 typecheck  turbo run typecheck                 } side by side
 *   2 lint       eslint . --max-warnings 0          }
 *   3 unit       every vitest project on the embedded defaults (PGlite, in-process drivers);
 *                without api when the pg tier runs it (see `pgRunsApi`)
 *     bench      npm run bench -- --quick (tiny dataset, one round; numbers not judged)
 *   4 pg         vitest projects db, drivers, api, worker on TEST_DATABASE_URL / TEST_REDIS_URL
 *     cluster    API and worker processes on TEST_DATABASE_URL / TEST_REDIS_URL, under faults
 *     containers the service projects on Postgres and Redis started by Testcontainers (not api
 *                when the pg tier ran it)
 *   5 e2e        Playwright browser journeys against the real server (E2E_SHARDS processes)
 *     compose    docker-compose.yml run with podman-compose, a journey through its nginx proxy
 *                (last: in CI its images build in the background meanwhile)
 *
 * The last line of output is always `tests: <P> passed, <F> failed[, <S> skipped]`; the exit code is
 * 1 when anything failed. `npm test -- --only=static|unit|bench|pg|cluster|containers|compose|vitest|e2e` (comma-separated) runs a
 * subset; `--help` lists them.
 */
import {
  appendFileSync,
  existsSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_PATH, ensureChromium } from './lib/chromium';
import { bold, formatDuration, green, red, yellow } from './lib/output';
import { envWithout, forwardSignals, localBin, run, type RunResult } from './lib/process';
import {
  countPlaywright,
  countVitest,
  failingPlaywrightTests,
  failingVitestTests,
  readFreshJson,
  type Counts,
} from './lib/reports';
import { printSummary, type StageResult } from './lib/stages';
import { unitNode } from './lib/unit-node';
import { listVitestProjects } from './lib/vitest-projects';
import { clusterTier } from './lib/cluster-tier';
import { composeTier } from './lib/compose-tier';
import { containersTier } from './lib/containers-tier';
import type { TierContext } from './lib/tier-context';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/* ------------------------------------------------------------ selection */

const STAGE_IDS = [
  'chromium',
  'typecheck',
  'lint',
  'unit',
  'bench',
  'pg',
  'cluster',
  'containers',
  'e2e',
  'compose',
] as const;
type StageId = (typeof STAGE_IDS)[number];

const GROUPS: Record<string, readonly StageId[]> = {
  static: ['typecheck', 'lint'],
  typecheck: ['typecheck'],
  lint: ['lint'],
  unit: ['unit'],
  bench: ['bench'],
  pg: ['pg'],
  cluster: ['cluster'],
  containers: ['containers'],
  compose: ['compose'],
  vitest: ['unit', 'pg'],
  e2e: ['chromium', 'e2e'],
};

const USAGE = `usage: npm test [-- --only=<group>[,<group>...]]
groups: static (typecheck + lint), typecheck, lint, unit (vitest on the embedded defaults),
        bench (npm run bench -- --quick: the harness runs, its numbers are not judged),
        pg (vitest on TEST_DATABASE_URL/TEST_REDIS_URL), cluster (API and worker processes under
        faults), containers (Testcontainers), compose (docker-compose.yml with podman-compose),
        vitest (unit + pg), e2e (browser journeys)`;

function selectedStages(argv: readonly string[]): Set<StageId> {
  const groups: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else if (arg.startsWith('--only=')) groups.push(...arg.slice('--only='.length).split(','));
    else if (arg === '--only' && argv[i + 1]) groups.push(...argv[++i]!.split(','));
    else {
      console.error(`unknown argument: ${arg}\n${USAGE}`);
      process.exit(2);
    }
  }
  if (groups.length === 0) return new Set(STAGE_IDS);
  const stages = new Set<StageId>();
  for (const group of groups.map((g) => g.trim()).filter(Boolean)) {
    const members = GROUPS[group];
    if (!members) {
      console.error(`unknown group: ${group}\n${USAGE}`);
      process.exit(2);
    }
    members.forEach((s) => stages.add(s));
  }
  return stages;
}

/* -------------------------------------------------------------- environment */

const TEST_SERVICE_VARS = ['TEST_DATABASE_URL', 'TEST_REDIS_URL'] as const;
/** Scaled-mode driver settings: a developer's shell must not turn the embedded tiers into something else. */
const DRIVER_VARS = ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL'];
const DRIVER_PREFIXES = ['S3_'];

const baseEnv: NodeJS.ProcessEnv = { ...process.env, TURBO_TELEMETRY_DISABLED: '1' };
const embeddedEnv = envWithout([...TEST_SERVICE_VARS, ...DRIVER_VARS], DRIVER_PREFIXES, baseEnv);
const servicesEnv = envWithout(DRIVER_VARS, DRIVER_PREFIXES, baseEnv);
const servicesConfigured = TEST_SERVICE_VARS.filter((name) => Boolean(process.env[name]));

/** The scaled-tier projects; only those that exist are passed to `--project`. */
const SERVICE_PROJECTS = ['db', 'drivers', 'api', 'worker'];
const PG_NOT_RUN = 'Postgres+Redis tier: not run — set TEST_DATABASE_URL and TEST_REDIS_URL';

/** In CI the whole run must finish (with its summary) inside the job limit. */
const budgetMinutes = Number(process.env.TEST_TIME_BUDGET_MINUTES ?? (process.env.CI ? 36.5 : 0));
const startedAt = Date.now();
const deadline = budgetMinutes > 0 ? startedAt + budgetMinutes * 60_000 : undefined;

/* ---------------------------------------------------------------- stages */

function outcomeNote(result: RunResult): string {
  if (result.spawnError) return `could not start: ${result.spawnError}`;
  if (result.timedOut)
    return `timed out (time budget ${budgetMinutes} min, TEST_TIME_BUDGET_MINUTES)`;
  if (result.signal) return `killed by ${result.signal}`;
  return `exit ${result.code}`;
}

function timeout(): number | undefined {
  return deadline === undefined ? undefined : Math.max(1, deadline - Date.now());
}

/** Runs commands in order (all of them, so every error shows); fails when any fails. */
async function commands(
  title: string,
  steps: readonly { bin: string; args: string[] }[],
  env: NodeJS.ProcessEnv,
  output?: string,
): Promise<StageResult> {
  const t0 = Date.now();
  const failures: string[] = [];
  for (const step of steps) {
    if (steps.length > 1) say(output, `$ ${step.bin} ${step.args.join(' ')}`);
    const result = await run(localBin(root, step.bin), step.args, {
      cwd: root,
      env,
      timeoutMs: timeout(),
      output,
    });
    if (result.code !== 0 || result.timedOut) failures.push(`${step.bin}: ${outcomeNote(result)}`);
    if (result.timedOut) break;
  }
  return {
    title,
    status: failures.length === 0 ? 'passed' : 'failed',
    note: failures.length === 0 ? undefined : failures.join('; '),
    durationMs: Date.now() - t0,
  };
}

/** A line of a tier's own: into its output file when it runs side by side, else the terminal. */
function say(output: string | undefined, text: string): void {
  if (output === undefined) console.log(text);
  else appendFileSync(output, `${text}\n`);
}

function reportFile(tier: string): string {
  return path.join(os.tmpdir(), `touchline-vitest-${tier}-${process.pid}.json`);
}

/** One vitest run with the JSON reporter; counts come from the report, failures from both. */
async function vitestTier(
  title: string,
  tier: string,
  projects: string[],
  env: NodeJS.ProcessEnv,
  extraArgs: string[] = [],
  output?: string,
): Promise<StageResult> {
  const out = reportFile(tier);
  rmSync(out, { force: true });
  const args = [
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    ...extraArgs,
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${out}`,
  ];
  if (output === undefined) console.log(`$ vitest ${args.join(' ')}`);
  else appendFileSync(output, `$ vitest ${args.join(' ')}\n`);
  const t0 = Date.now();
  const result = await run(localBin(root, 'vitest'), args, {
    cwd: root,
    env,
    timeoutMs: timeout(),
    output,
  });
  const durationMs = Date.now() - t0;
  const report = readFreshJson<Parameters<typeof countVitest>[0]>(out, t0);
  rmSync(out, { force: true });
  if (!report) {
    return {
      title,
      status: 'failed',
      note: `crashed without a report (${outcomeNote(result)})`,
      durationMs,
    };
  }
  const { brokenFiles, ...counts } = countVitest(report);
  for (const file of brokenFiles)
    console.log(red(`  file failed outside its tests: ${path.relative(root, file)}`));
  return tierResult(title, counts, result, durationMs, {
    note: brokenFiles.length > 0 ? `${brokenFiles.length} file(s) failed to run` : undefined,
    failures: failingVitestTests(report, root),
  });
}

function tierResult(
  title: string,
  counts: Counts,
  result: RunResult,
  durationMs: number,
  { note, failures }: { note?: string; failures: string[] },
): StageResult {
  const exitOk = result.code === 0 && !result.timedOut;
  const failed = !exitOk || counts.failed > 0;
  const notes = [
    note,
    exitOk
      ? undefined
      : counts.failed > 0
        ? outcomeNote(result)
        : `${outcomeNote(result)} without a failing test (see output above)`,
  ];
  return {
    title,
    status: failed ? 'failed' : 'passed',
    counts,
    note: notes.filter(Boolean).join('; ') || undefined,
    durationMs,
    failures,
  };
}

/**
 * The journeys can run as E2E_SHARDS Playwright processes side by side, each with its own desktop
 * and phone servers (e2e/global-setup.ts) and its share of the spec files, so that every process
 * runs both projects at once. (Playwright's own `--shard` splits the list project by project.) The
 * journeys are CPU-bound in Chromium: one process (two browsers) keeps two cores busy, and on this
 * 2-core machine two processes took as long as one and timed journeys out. So the default is one
 * process per two cores. The web app is built once, before them.
 */
const e2eShards = Math.max(
  1,
  Math.floor(Number(process.env.E2E_SHARDS) || os.availableParallelism() / 2),
);

/**
 * The spec files dealt into `count` shards, longest first onto the lightest shard; a file's size
 * stands for its journeys' length. Each shard is a list of Playwright file filters (anchored
 * regular expressions).
 */
function e2eShardFilters(count: number): string[][] {
  const dir = path.join(root, 'web', 'e2e');
  const specs = readdirSync(dir)
    .filter((name) => name.endsWith('.spec.ts'))
    .map((name) => ({ name, size: statSync(path.join(dir, name)).size }))
    .sort((a, b) => b.size - a.size || a.name.localeCompare(b.name));
  const shards = Array.from({ length: count }, () => ({ size: 0, filters: [] as string[] }));
  for (const spec of specs) {
    const lightest = shards.reduce((a, b) => (b.size < a.size ? b : a));
    lightest.size += spec.size;
    lightest.filters.push(`e2e/${spec.name.replaceAll('.', '\\.')}$`);
  }
  // More shards than files: the empty ones would run every file.
  return shards.map((shard) => shard.filters).filter((list) => list.length > 0);
}

/** Stops the servers a Playwright run started and could not stop (a run cut off by the budget). */
function stopLeftoverServers(pidFile: string): void {
  if (!existsSync(pidFile)) return;
  for (const pid of readFileSync(pidFile, 'utf8').split('\n').map(Number)) {
    if (!(pid > 0)) continue;
    try {
      process.kill(-pid, 'SIGKILL'); // each server leads its own process group
    } catch {
      // already stopped by global-teardown
    }
  }
  rmSync(pidFile, { force: true });
}

async function e2eTier(title: string): Promise<StageResult> {
  const t0 = Date.now();
  const resultsDir = path.join(root, 'web', 'test-results');
  const build = await run('npm', ['run', 'build', '-w', 'web'], {
    cwd: root,
    env: embeddedEnv,
    timeoutMs: timeout(),
  });
  if (build.code !== 0 || build.timedOut)
    return {
      title,
      status: 'failed',
      note: `building the web app failed (${outcomeNote(build)})`,
      durationMs: Date.now() - t0,
    };

  const filters = e2eShards === 1 ? [[]] : e2eShardFilters(e2eShards);
  const shardCount = filters.length;
  const shards = filters.map((_, i) => i + 1);
  const pidFile = path.join(os.tmpdir(), `touchline-e2e-servers-${process.pid}`);
  rmSync(pidFile, { force: true });
  const one = shardCount === 1;
  const reportOf = (i: number) => path.join(resultsDir, one ? 'e2e.json' : `e2e-${i}.json`);
  // The first shard's progress goes to the terminal, the others' to files printed at the end.
  const outputOf = (i: number) =>
    i === 1 ? undefined : path.join(os.tmpdir(), `touchline-e2e-${i}-${process.pid}.log`);
  const results = await Promise.all(
    shards.map((i) => {
      const output = outputOf(i);
      if (output) rmSync(output, { force: true });
      return run(
        localBin(root, 'playwright'),
        ['test', '-c', 'web/playwright.config.ts', ...filters[i - 1]!],
        {
          cwd: root,
          env: {
            ...embeddedEnv,
            E2E_SKIP_BUILD: '1',
            E2E_REPORT: reportOf(i),
            E2E_OUTPUT_DIR: path.join(resultsDir, one ? 'artifacts' : `artifacts-${i}`),
            E2E_PID_FILE: pidFile,
          },
          timeoutMs: timeout(),
          output,
        },
      );
    }),
  );
  stopLeftoverServers(pidFile);
  for (const i of shards) {
    const output = outputOf(i);
    if (!output || !existsSync(output)) continue;
    console.log(bold(`--- journeys, shard ${i} of ${shardCount} ---`));
    process.stdout.write(readFileSync(output, 'utf8'));
    rmSync(output, { force: true });
  }
  const durationMs = Date.now() - t0;

  let counts: Counts = { passed: 0, failed: 0, skipped: 0 };
  let flaky = 0;
  const failures: string[] = [];
  const missing: string[] = [];
  for (const i of shards) {
    const report = readFreshJson<Parameters<typeof countPlaywright>[0]>(reportOf(i), t0);
    const result = results[i - 1]!;
    if (!report) {
      missing.push(`${path.relative(root, reportOf(i))} (${outcomeNote(result)})`);
      continue;
    }
    const { flaky: shardFlaky, errors, ...shardCounts } = countPlaywright(report);
    for (const error of errors) console.log(red(`  error outside the tests: ${error}`));
    counts = {
      passed: counts.passed + shardCounts.passed,
      failed: counts.failed + shardCounts.failed,
      skipped: counts.skipped + shardCounts.skipped,
    };
    flaky += shardFlaky;
    failures.push(
      ...failingPlaywrightTests(report),
      ...errors.map((e) => `outside the tests: ${e}`),
    );
  }
  if (missing.length > 0)
    return {
      title,
      status: 'failed',
      counts: counts.passed + counts.failed > 0 ? counts : undefined,
      note: `crashed without a report at ${missing.join(', ')}`,
      durationMs,
      failures,
    };
  // The shards' exits as one: the first that did not end cleanly, else a clean one.
  const combined = results.find((r) => r.code !== 0 || r.timedOut) ?? results[0]!;
  return tierResult(title, counts, combined, durationMs, {
    note: flaky > 0 ? `${flaky} flaky (passed on retry)` : undefined,
    failures,
  });
}

/* ------------------------------------------------------------------ main */

type Stage = {
  id: StageId;
  title: string;
  describe: string;
  /** `output`: a file for the stage's output when it runs beside others (else the terminal). */
  run: (output?: string) => Promise<StageResult>;
};

/**
 * The pg and cluster tiers spend much of their time waiting (on the servers, on the processes the
 * cluster tier kills and restarts), so they run side by side, each with its output in a file that
 * is printed when it ends. TEST_SIDE_BY_SIDE=0 runs them one after the other. They share nothing:
 * the pg tier uses databases of its own on TEST_DATABASE_URL, the cluster tier its own databases
 * there and its own Redis and Postgres servers. The container tier runs after them (issue 17).
 */
const SIDE_BY_SIDE: readonly (readonly StageId[])[] = [
  // tsc and eslint each keep one core busy; on two cores they finish together in the time of one.
  ['typecheck', 'lint'],
  ['pg', 'cluster'],
];
const sideBySide = process.env.TEST_SIDE_BY_SIDE !== '0';

async function main(): Promise<number> {
  forwardSignals();
  const selected = selectedStages(process.argv.slice(2));
  const projects = listVitestProjects(root);
  const serviceProjects = projects
    .map((p) => p.name)
    .filter((name) => SERVICE_PROJECTS.includes(name));
  /**
   * The API's tests are a third of the suite's CPU and most of them are about HTTP, rules and
   * queries, not the database engine. Where this run's pg tier runs them on Postgres and Redis,
   * they run there only: the unit tier keeps every other project on PGlite (the db project's own
   * tests cover PGlite, and the journeys run the whole server on it), and the container tier
   * runs db, drivers and worker. `--only=unit` and `npm run test:containers` still run everything.
   */
  const pgRunsApi =
    selected.has('pg') &&
    servicesConfigured.length === TEST_SERVICE_VARS.length &&
    serviceProjects.includes('api');
  const unitProjects = pgRunsApi
    ? projects.map((p) => p.name).filter((name) => name !== 'api')
    : [];
  const tierContext: TierContext = {
    root,
    servicesEnv,
    serviceProjects,
    vitest: vitestTier,
    say: (text) => say(undefined, text),
    timeoutMs: timeout,
    onceOnPg: pgRunsApi ? ['api'] : [],
  };
  /** The tier context whose vitest runs write to `output` (undefined: the terminal). */
  const contextFor = (output?: string): TierContext => ({
    ...tierContext,
    say: (text) => say(output, text),
    vitest: (title, tier, projects, env, extraArgs) =>
      vitestTier(title, tier, projects, env, extraArgs, output),
  });

  const stages: Stage[] = [
    {
      id: 'chromium',
      title: 'chromium',
      describe: `Debian's Chromium at ${CHROMIUM_PATH}`,
      run: async () => {
        const t0 = Date.now();
        const check = await ensureChromium(root);
        if (!check.ok && check.instructions) console.log(bold(yellow(check.instructions)));
        return {
          title: 'chromium',
          status: check.ok ? 'passed' : 'failed',
          note: check.detail,
          durationMs: Date.now() - t0,
        };
      },
    },
    {
      id: 'typecheck',
      title: 'typecheck',
      describe: 'turbo run typecheck (every workspace), then tsc -p scripts',
      run: (output) =>
        commands(
          'typecheck',
          [
            { bin: 'turbo', args: ['run', 'typecheck', '--continue', '--output-logs=errors-only'] },
            { bin: 'tsc', args: ['-p', 'scripts/tsconfig.json'] },
          ],
          baseEnv,
          output,
        ),
    },
    {
      id: 'lint',
      title: 'lint',
      describe: 'eslint . --max-warnings 0',
      run: (output) =>
        commands('lint', [{ bin: 'eslint', args: ['.', '--max-warnings', '0'] }], baseEnv, output),
    },
    {
      id: 'unit',
      title: 'unit (embedded)',
      describe: pgRunsApi
        ? `vitest ${unitProjects.join(', ')} on PGlite and in-process drivers (api: on Postgres, in the pg tier)`
        : `vitest, all projects (${projects.map((p) => p.name).join(', ') || 'none found'}) on PGlite and in-process drivers`,
      run: async () => {
        // CI runs this tier on the supported Node (.nvmrc) where the machine's is older.
        const node = unitNode(process.env.TOUCHLINE_UNIT_NODE, embeddedEnv);
        if (!node.ok)
          return { title: node.title, status: 'failed', note: node.reason, durationMs: 0 };
        return vitestTier(node.title, 'embedded', unitProjects, node.env);
      },
    },
    {
      id: 'bench',
      title: 'bench (quick)',
      describe: 'npm run bench -- --quick: a tiny dataset, one round, so the harness never rots',
      run: () =>
        commands(
          'bench (quick)',
          [{ bin: 'tsx', args: ['scripts/bench.ts', '--quick'] }],
          embeddedEnv,
        ),
    },
    {
      id: 'pg',
      title: 'postgres+redis',
      describe: `vitest ${serviceProjects.join(', ') || '(no db/drivers/api/worker project yet)'} on ${servicesConfigured.join(' + ') || 'nothing'}`,
      run: async (output) => {
        if (servicesConfigured.length === 0) {
          say(output, yellow(PG_NOT_RUN));
          return { title: 'postgres+redis', status: 'not-run', note: PG_NOT_RUN };
        }
        const unset = TEST_SERVICE_VARS.filter((v) => !process.env[v]);
        if (unset.length > 0)
          say(
            output,
            yellow(`${unset.join(', ')} not set: those tests use their embedded fallback`),
          );
        if (serviceProjects.length === 0) {
          const note = `not run — none of the projects ${SERVICE_PROJECTS.join(', ')} has a vitest config yet`;
          console.log(yellow(note));
          return { title: 'postgres+redis', status: 'not-run', note };
        }
        return vitestTier('postgres+redis', 'services', serviceProjects, servicesEnv, [], output);
      },
    },
    {
      id: 'cluster',
      title: 'cluster',
      describe: 'two API processes and a worker on Postgres, Redis and S3, with faults injected',
      run: (output) => clusterTier(contextFor(output)),
    },
    {
      id: 'containers',
      title: 'containers',
      describe: `vitest ${serviceProjects.join(', ')} on Postgres and Redis from Testcontainers`,
      run: (output) => containersTier(contextFor(output)),
    },
    {
      id: 'e2e',
      title: 'e2e (browser)',
      describe: 'playwright test -c web/playwright.config.ts',
      run: () => e2eTier('e2e (browser)'),
    },
    {
      id: 'compose',
      title: 'compose',
      describe:
        'docker-compose.yml with podman-compose: images, health checks, start order, a journey through nginx',
      run: (output) => composeTier(contextFor(output)),
    },
  ];

  const plan = stages.filter((s) => selected.has(s.id));
  const number = (stage: Stage) => `[${plan.indexOf(stage) + 1}/${plan.length}]`;
  const header = (stage: Stage) =>
    bold(`━━━ ${number(stage)} ${stage.title} ━━━ ${stage.describe}`);
  const results: StageResult[] = [];
  let stopReason: string | undefined;
  const runStage = async (stage: Stage, output?: string): Promise<StageResult> => {
    try {
      return await stage.run(output);
    } catch (error) {
      return { title: stage.title, status: 'failed', note: `crashed: ${(error as Error).message}` };
    }
  };
  const report = (stage: Stage, result: StageResult) => {
    const mark =
      result.status === 'passed' ? green('✓') : result.status === 'failed' ? red('✗') : yellow('–');
    const time = result.durationMs === undefined ? '' : ` in ${formatDuration(result.durationMs)}`;
    console.log(`${mark} ${stage.title}${time}${result.note ? ` — ${result.note}` : ''}`);
  };
  const done = new Set<Stage>();
  for (const stage of plan) {
    if (done.has(stage)) continue;
    if (stopReason) {
      results.push({ title: stage.title, status: 'not-run', note: stopReason });
      continue;
    }
    if (deadline !== undefined && Date.now() >= deadline) {
      results.push({
        title: stage.title,
        status: 'failed',
        note: `not run: time budget of ${budgetMinutes} min used up`,
      });
      continue;
    }
    const members = SIDE_BY_SIDE.find((ids) => ids.includes(stage.id));
    const group = members ? plan.filter((s) => members.includes(s.id)) : [stage];
    if (group.length > 1 && sideBySide) {
      group.forEach((s) => done.add(s));
      console.log('');
      console.log(
        bold(
          `━━━ ${group.map(number).join(' ')} side by side: ${group.map((s) => s.title).join(', ')} ━━━ (each one's output follows when it ends; TEST_SIDE_BY_SIDE=0 runs them in turn)`,
        ),
      );
      const outcomes = group.map((member) => {
        const output = path.join(os.tmpdir(), `touchline-test-${process.pid}-${member.id}.log`);
        writeFileSync(output, ''); // exists even when the tier writes nothing (a tier not run)
        return runStage(member, output).then((result) => {
          console.log('');
          console.log(header(member));
          if (existsSync(output)) process.stdout.write(readFileSync(output, 'utf8'));
          rmSync(output, { force: true });
          report(member, result);
          return result;
        });
      });
      results.push(...(await Promise.all(outcomes)));
      continue;
    }
    console.log('');
    console.log(header(stage));
    const result = await runStage(stage);
    results.push(result);
    report(stage, result);
    if (stage.id === 'chromium' && result.status === 'failed') {
      stopReason = 'stopped: Chromium is required for the browser journeys (see the command above)';
    }
  }
  return printSummary(results, Date.now() - startedAt);
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    console.log('tests: 0 passed, 1 failed');
    process.exit(1);
  },
);
