/**
 * `npm test`: every check and test tier, in order, with one summary.
 *
 *   0 chromium   Debian's Chromium for the browser journeys (installed from apt as root)
 *   1 typecheck  turbo run typecheck
 *   2 lint       eslint . --max-warnings 0
 *   3 unit       every vitest project on the embedded defaults (PGlite, in-process drivers)
 *     bench      npm run bench -- --quick (tiny dataset, one round; numbers not judged)
 *   4 pg         vitest projects db, drivers, api, worker on TEST_DATABASE_URL / TEST_REDIS_URL
 *     cluster    API and worker processes on TEST_DATABASE_URL / TEST_REDIS_URL, under faults
 *     containers the service projects on Postgres and Redis started by Testcontainers
 *   5 e2e        Playwright browser journeys against the real server
 *     compose    docker-compose.yml run with podman-compose, a journey through its nginx proxy
 *                (last: in CI its images build in the background meanwhile)
 *
 * The last line of output is always `tests: <P> passed, <F> failed[, <S> skipped]`; the exit code is
 * 1 when anything failed. `npm test -- --only=static|unit|bench|pg|cluster|containers|compose|vitest|e2e` (comma-separated) runs a
 * subset; `--help` lists them.
 */
import { appendFileSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
const budgetMinutes = Number(process.env.TEST_TIME_BUDGET_MINUTES ?? (process.env.CI ? 35 : 0));
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
): Promise<StageResult> {
  const t0 = Date.now();
  const failures: string[] = [];
  for (const step of steps) {
    if (steps.length > 1) console.log(`$ ${step.bin} ${step.args.join(' ')}`);
    const result = await run(localBin(root, step.bin), step.args, {
      cwd: root,
      env,
      timeoutMs: timeout(),
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

async function e2eTier(title: string): Promise<StageResult> {
  const reportPath = path.join(root, 'web', 'test-results', 'e2e.json');
  const t0 = Date.now();
  const result = await run(
    localBin(root, 'playwright'),
    ['test', '-c', 'web/playwright.config.ts'],
    {
      cwd: root,
      env: embeddedEnv,
      timeoutMs: timeout(),
    },
  );
  const durationMs = Date.now() - t0;
  const report = readFreshJson<Parameters<typeof countPlaywright>[0]>(reportPath, t0);
  if (!report) {
    return {
      title,
      status: 'failed',
      note: `crashed without a report at web/test-results/e2e.json (${outcomeNote(result)})`,
      durationMs,
    };
  }
  const { flaky, errors, ...counts } = countPlaywright(report);
  for (const error of errors) console.log(red(`  error outside the tests: ${error}`));
  return tierResult(title, counts, result, durationMs, {
    note: flaky > 0 ? `${flaky} flaky (passed on retry)` : undefined,
    failures: failingPlaywrightTests(report),
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
const SIDE_BY_SIDE: readonly StageId[] = ['pg', 'cluster'];
const sideBySide = process.env.TEST_SIDE_BY_SIDE !== '0';

async function main(): Promise<number> {
  forwardSignals();
  const selected = selectedStages(process.argv.slice(2));
  const projects = listVitestProjects(root);
  const serviceProjects = projects
    .map((p) => p.name)
    .filter((name) => SERVICE_PROJECTS.includes(name));
  const tierContext: TierContext = {
    root,
    servicesEnv,
    serviceProjects,
    vitest: vitestTier,
    say: (text) => say(undefined, text),
    timeoutMs: timeout,
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
      run: () =>
        commands(
          'typecheck',
          [
            { bin: 'turbo', args: ['run', 'typecheck', '--continue', '--output-logs=errors-only'] },
            { bin: 'tsc', args: ['-p', 'scripts/tsconfig.json'] },
          ],
          baseEnv,
        ),
    },
    {
      id: 'lint',
      title: 'lint',
      describe: 'eslint . --max-warnings 0',
      run: () => commands('lint', [{ bin: 'eslint', args: ['.', '--max-warnings', '0'] }], baseEnv),
    },
    {
      id: 'unit',
      title: 'unit (embedded)',
      describe: `vitest, all projects (${projects.map((p) => p.name).join(', ') || 'none found'}) on PGlite and in-process drivers`,
      run: async () => {
        // CI runs this tier on the supported Node (.nvmrc) where the machine's is older.
        const node = unitNode(process.env.TOUCHLINE_UNIT_NODE, embeddedEnv);
        if (!node.ok)
          return { title: node.title, status: 'failed', note: node.reason, durationMs: 0 };
        return vitestTier(node.title, 'embedded', [], node.env);
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
    const group = SIDE_BY_SIDE.includes(stage.id)
      ? plan.filter((s) => SIDE_BY_SIDE.includes(s.id))
      : [stage];
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
