import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { count, eq } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { createDatabase, migrateDatabase, schema, type DatabaseHandle } from '@touchline/db';
import { countUnpublished, listDeadLetteredEvents } from '@touchline/db/outbox';
import { createTestDatabase } from '@touchline/db/testing';
import { createSecretBox } from '@touchline/drivers';
import { jobIdFor } from '@touchline/shared';
import { queueCodeEmail } from './testing/emails';

const fixture = fileURLToPath(new URL('./testing/embedded-process.ts', import.meta.url));
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

type Target = { url?: string; dataDir?: string };
const LEASE_MS = 1000;

/** Postgres: the test database. PGlite: a database on disk, since child processes must open it. */
async function openTarget(): Promise<{ handle: DatabaseHandle; target: Target }> {
  const testDb = await createTestDatabase();
  if (testDb.url) {
    cleanups.push(() => testDb.close());
    return { handle: testDb, target: { url: testDb.url } };
  }
  // The migrated test database, copied onto disk (cheaper than creating and migrating one).
  const dump = testDb.kind === 'pglite' ? await testDb.client.dumpDataDir('gzip') : undefined;
  await testDb.close();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'touchline-restart-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const handle = await createDatabase({ dataDir, loadDataDir: dump });
  await migrateDatabase(handle); // nothing left to apply
  return { handle, target: { dataDir } };
}

/**
 * Runs the embedded job side in a child process and collects its `<word> <jobId>` lines. With
 * `killOn`, the child is killed with SIGKILL as soon as it prints a line starting with that word.
 */
function runChild(
  args: Target & { mode: 'burst' | 'finish'; expected: number },
  killOn?: string,
): Promise<{ lines: string[]; code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', fixture, JSON.stringify({ ...args, leaseMs: LEASE_MS })],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const lines: string[] = [];
    let partial = '';
    child.stdout.on('data', (chunk: Buffer) => {
      const parts = (partial + chunk.toString()).split('\n');
      partial = parts.pop() ?? '';
      for (const line of parts) {
        lines.push(line);
        if (killOn && line.startsWith(`${killOn} `)) child.kill('SIGKILL');
      }
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve({ lines, code, signal }));
  });
}

const jobsOf = (lines: string[], word: string) =>
  lines.filter((l) => l.startsWith(`${word} `)).map((l) => l.slice(word.length + 1));

test('a process killed mid-burst loses no e-mail: the next one on the same data completes every job exactly once', async () => {
  const opened = await openTarget();
  const { target } = opened;
  let handle = opened.handle;
  const total = 6;
  // A poisoned event first: dead-lettered, it must not hold up the e-mails behind it.
  await handle.db
    .insert(schema.outbox)
    .values({ type: 'email.queued', payload: { emailId: 'not-a-uuid' } });
  const emailIds: string[] = [];
  for (let i = 0; i < total; i++) {
    const to = `player${i}@example.test`;
    // The child processes' drivers secret ('test-signing-secret') opens the sealed content.
    const box = createSecretBox('test-signing-secret');
    emailIds.push(await handle.db.transaction((tx) => queueCodeEmail(tx, box, to)));
  }
  const events = await handle.db.select().from(schema.outbox);
  const allJobs = events
    .filter((e) => e.payload && (e.payload as { emailId: string }).emailId !== 'not-a-uuid')
    .map((e) => jobIdFor(e.id, 'email.send'))
    .sort();
  // One process per PGlite directory: hand it to the children, take it back afterwards.
  if (handle.kind === 'pglite') await handle.close();

  const first = await runChild({ ...target, mode: 'burst', expected: total }, 'stuck');
  expect(first.signal).toBe('SIGKILL');
  const sentBeforeKill = jobsOf(first.lines, 'sent');
  const stuck = jobsOf(first.lines, 'stuck');
  expect(sentBeforeKill).toHaveLength(2);
  expect(stuck).toHaveLength(1);

  const second = await runChild({ ...target, mode: 'finish', expected: total });
  expect(second.lines.at(-1)).toBe('done');
  expect(second.code).toBe(0);
  const ranAfterRestart = jobsOf(second.lines, 'ran');
  // Every job ran to completion exactly once across both processes.
  expect([...sentBeforeKill, ...ranAfterRestart].sort()).toEqual(allJobs);
  expect(ranAfterRestart).toContain(stuck[0]);

  if (handle.kind === 'pglite') {
    handle = await createDatabase({ dataDir: target.dataDir });
    cleanups.push(() => handle.close());
  }
  const emails = await handle.db.select().from(schema.emails);
  expect(emails.map((e) => e.status)).toEqual(Array(total).fill('sent'));
  for (const emailId of emailIds) {
    const [row] = await handle.db
      .select({ n: count() })
      .from(schema.devMailbox)
      .where(eq(schema.devMailbox.emailId, emailId));
    expect(row?.n).toBe(1);
  }
  const jobs = await handle.db.select().from(schema.embeddedJobs);
  expect(jobs.map((j) => j.status)).toEqual(Array(total).fill('done'));
  // The job the kill interrupted counts that attempt; the others ran once.
  expect(jobs.find((j) => j.id === stuck[0])?.attempts).toBe(2);
  expect(jobs.filter((j) => j.attempts === 1)).toHaveLength(total - 1);
  expect(await countUnpublished(handle.db)).toBe(0);
  expect(await listDeadLetteredEvents(handle.db, { limit: 10 })).toMatchObject([
    { type: 'email.queued', lastError: expect.stringMatching(/event contract/) },
  ]);
}, 240_000);
