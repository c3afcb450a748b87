import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, renameSync, rmSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import {
  copyPgliteTemplate,
  createDatabase,
  isFreshPgliteDir,
  moveTemplateDates,
  pgliteDataDir,
  readPgliteTemplate,
  schema,
  templateDatedColumns,
  templateFingerprint,
  type Database,
  type DatedColumn,
} from '@touchline/db';
import { createLocalStorage } from '@touchline/drivers';
import { todayInLagos } from '@touchline/shared';
import type { GuardianAsker } from '../modules/guardians/guardians.requests';
import { askDemoGuardian, DEMO_LOGINS, DEMO_PASSWORD, DEMO_TOBI, seedDemoWorld } from './demo';

/**
 * The demo world made at build time (decision 66): `npm run build:server` seeds a copy of the
 * migrated template into `dist/pglite-demo/`, laid out as a data directory (`pglite/`, `media/`),
 * so a first `npm start` copies it instead of seeding (the seed's SQL, the password hash and the
 * pictures cost most of a cold start's CPU). At start its dates are moved to the day
 * (moveTemplateDates) and Tobi's guardian is asked for consent with the data directory's own
 * secret. It is used only by the server bundle built with it (the same build id) and only when the
 * migrations match; `npm run dev` and the tests, on the TypeScript sources, seed at start.
 */
export const DEMO_TEMPLATE_DIR = 'pglite-demo';
const DEMO_META_FILE = 'pglite-demo.json';

type DemoTemplateMeta = {
  fingerprint: string;
  buildId: string;
  seededAt: string;
  /** What the start moves (the catalog read at build time: the start reads no catalog). */
  datedColumns: DatedColumn[];
};

const silent = { info: () => undefined };

/** Seeds the demo world into `outDir/pglite-demo/` from the migrated template in `outDir`. */
export async function writeDemoTemplate(
  outDir: string,
  options: { buildId: string; now?: Date },
): Promise<DemoTemplateMeta> {
  const migrated = await readPgliteTemplate(outDir);
  if (migrated.template === undefined) throw new Error(`no migrated template: ${migrated.reason}`);
  const target = path.join(outDir, DEMO_TEMPLATE_DIR);
  const building = `${target}.building`;
  await rm(building, { recursive: true, force: true });
  copyPgliteTemplate(migrated.template, pgliteDataDir(building));
  const now = options.now ?? new Date();
  const database = await createDatabase({ dataDir: pgliteDataDir(building) });
  let datedColumns: DatedColumn[];
  try {
    await seedDemoWorld({
      db: database.db,
      // The start's storage reads the same layout (<data dir>/media); signing is per data dir.
      storage: createLocalStorage({
        rootDir: path.join(building, 'media'),
        signingSecret: randomBytes(24).toString('hex'),
      }),
      logger: silent,
      now,
    });
    datedColumns = await templateDatedColumns(database.db);
  } finally {
    // Closed cleanly: a copy then starts without crash recovery.
    await database.close();
  }
  const meta: DemoTemplateMeta = {
    fingerprint: templateFingerprint(),
    buildId: options.buildId,
    seededAt: now.toISOString(),
    datedColumns,
  };
  await rm(target, { recursive: true, force: true });
  await rename(building, target);
  await writeFile(path.join(outDir, DEMO_META_FILE), `${JSON.stringify(meta, null, 2)}\n`);
  return meta;
}

/** The demo template in `dir` when the running server may use it, or why not. */
export async function readDemoTemplate(
  dir: string,
  buildId: string | undefined,
): Promise<
  | { template: string; seededAt: Date; datedColumns: DatedColumn[] }
  | { template?: undefined; reason: string }
> {
  if (buildId === undefined) return { reason: 'not a built server (the sources seed at start)' };
  const template = path.join(dir, DEMO_TEMPLATE_DIR);
  const metaFile = path.join(dir, DEMO_META_FILE);
  if (!existsSync(path.join(pgliteDataDir(template), 'PG_VERSION')) || !existsSync(metaFile)) {
    return { reason: `no ${DEMO_TEMPLATE_DIR}` };
  }
  const meta = JSON.parse(await readFile(metaFile, 'utf8')) as DemoTemplateMeta;
  if (meta.buildId !== buildId) return { reason: 'the demo world was built with another server' };
  if (meta.fingerprint !== templateFingerprint()) {
    return { reason: 'the demo world was built from other migrations' };
  }
  return { template, seededAt: new Date(meta.seededAt), datedColumns: meta.datedColumns };
}

/**
 * A copy of the demo template made ahead by `npm start`'s launcher (scripts/start.mjs) while the
 * server's modules load (decision 68): `dir` holds `pglite/` and `media/` once `done` resolves.
 * The launcher only guesses from the environment; the server decides (copyDemoWorld) whether the
 * copy is used, and removes it when not.
 */
export type StagedDemoCopy = {
  dataDir: string;
  templateDir: string;
  dir: string;
  done: Promise<unknown>;
};

/** The staged copy removed, once its copying has ended (a start that does not use it). */
export async function discardStagedDemoCopy(staged: StagedDemoCopy | undefined): Promise<void> {
  if (!staged) return;
  await staged.done.catch(() => undefined);
  await rm(staged.dir, { recursive: true, force: true });
}

/** The staged copy's directory when it is a finished copy of `template` for `dataDir`. */
async function finishedStagedCopy(
  staged: StagedDemoCopy | undefined,
  dataDir: string,
  templateDir: string,
): Promise<string | null> {
  if (!staged) return null;
  const same =
    path.resolve(staged.dataDir) === path.resolve(dataDir) &&
    path.resolve(staged.templateDir) === path.resolve(templateDir);
  const copied = await staged.done.then(
    () => true,
    () => false,
  );
  if (same && copied) return staged.dir;
  await rm(staged.dir, { recursive: true, force: true });
  return null;
}

/**
 * A fresh data directory made a copy of the demo template (database and pictures): the copy the
 * launcher staged when there is one, otherwise copied now. Answers when the copied world was
 * seeded, or null when the directory is not fresh or the template is not usable (the start then
 * copies the migrated template and seeds).
 */
export async function copyDemoWorld(
  dataDir: string,
  templateDir: string,
  buildId: string | undefined,
  logger: { debug: (obj: object, msg: string) => void },
  staged?: StagedDemoCopy,
): Promise<{ seededAt: Date; datedColumns: DatedColumn[] } | null> {
  const found = isFreshPgliteDir(pgliteDataDir(dataDir))
    ? await readDemoTemplate(templateDir, buildId)
    : { reason: 'not a fresh data directory' };
  if (found.template === undefined) {
    await discardStagedDemoCopy(staged);
    logger.debug({ templateDir, reason: found.reason }, 'no demo world copied');
    return null;
  }
  const ready = await finishedStagedCopy(staged, dataDir, templateDir);
  logger.debug(
    { templateDir, staged: ready !== null },
    'new embedded database from the demo world template',
  );
  const media = path.join(dataDir, 'media');
  // Pictures first: a start stopped here leaves no database, so the next start copies again.
  if (ready && !existsSync(media)) renameSync(path.join(ready, 'media'), media);
  else cpSync(path.join(ready ?? found.template, 'media'), media, { recursive: true });
  if (ready) {
    // An empty directory left where the data directory goes (an earlier start) is replaced.
    rmSync(pgliteDataDir(dataDir), { recursive: true, force: true });
    renameSync(path.join(ready, 'pglite'), pgliteDataDir(dataDir));
    await rm(ready, { recursive: true, force: true });
  } else {
    copyPgliteTemplate(pgliteDataDir(found.template), pgliteDataDir(dataDir));
  }
  return { seededAt: found.seededAt, datedColumns: found.datedColumns };
}

/**
 * The copied demo world made today's: its dates moved from `seededAt` to `now`, and Tobi's
 * guardian asked for consent (the link sealed with this data directory's secret), in one
 * transaction, before any worker reads it. Answers what the start prints.
 */
export async function adoptDemoWorld(deps: {
  db: Database;
  seededAt: Date;
  datedColumns: readonly DatedColumn[];
  now: Date;
  askGuardian: GuardianAsker;
}) {
  await deps.db.transaction(async (tx) => {
    await moveTemplateDates(tx, deps.datedColumns, {
      ms: deps.now.getTime() - deps.seededAt.getTime(),
      days: lagosDaysBetween(deps.seededAt, deps.now),
      keep: ['users.established_on'],
      byDays: ['trial_registrations.checked_in_at'],
    });
    const [tobi] = await tx
      .select({ id: schema.users.id })
      .from(schema.users)
      .where(eq(schema.users.email, DEMO_TOBI));
    if (!tobi) throw new Error('the demo world template has no Tobi');
    await askDemoGuardian(tx, tobi.id, deps.askGuardian);
  });
  return { password: DEMO_PASSWORD, logins: [...DEMO_LOGINS], seeded: true };
}

/** Whole Lagos calendar days from `from`'s date to `to`'s. */
export function lagosDaysBetween(from: Date, to: Date): number {
  const day = (at: Date) => Date.parse(`${todayInLagos(at)}T00:00:00Z`);
  return Math.round((day(to) - day(from)) / 86_400_000);
}
