import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, test } from 'vitest';
import { createDatabase } from '../client';
import type { DatabaseHandle } from '../client';
import { migrateDatabase } from '../migrate';
import { createTestDatabase } from '../testing';
import { uuidv7 } from '../uuid';
import { appendEvent, claimBatch, countUnpublished } from './outbox.repository';

const fixture = fileURLToPath(new URL('./fixtures/claim-and-die.ts', import.meta.url));
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function runDyingRelay(target: { url?: string; dataDir?: string }): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', fixture, JSON.stringify(target)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 137) reject(new Error(`relay exited with ${code}: ${out}`));
      else resolve(JSON.parse(out) as number[]);
    });
  });
}

/** Postgres: the test database. PGlite: a database on disk, since a child process must open it. */
async function openTarget(): Promise<{
  handle: DatabaseHandle;
  target: { url?: string; dataDir?: string };
}> {
  const testDb = await createTestDatabase();
  if (testDb.url) {
    cleanups.push(() => testDb.close());
    return { handle: testDb, target: { url: testDb.url } };
  }
  await testDb.close();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'touchline-crash-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const handle = await createDatabase({ dataDir });
  await migrateDatabase(handle);
  return { handle, target: { dataDir } };
}

test('a relay that dies between enqueue and marking published leaves its rows to be handed out again', async () => {
  const opened = await openTarget();
  const target = opened.target;
  let handle = opened.handle;
  const ids: number[] = [];
  for (let i = 0; i < 3; i++) {
    ids.push(
      (await appendEvent(handle.db, { type: 'email.queued', payload: { emailId: uuidv7() } })).id,
    );
  }
  // One process per PGlite directory: hand it over to the child, take it back afterwards.
  if (handle.kind === 'pglite') await handle.close();

  expect(await runDyingRelay(target)).toEqual(ids);

  if (handle.kind === 'pglite') {
    handle = await createDatabase({ dataDir: target.dataDir });
    cleanups.push(() => handle.close());
  }
  expect(await countUnpublished(handle.db)).toBe(3);
  // The killed relay's rows stay locked until the server has noticed its connection is gone and
  // rolled its transaction back (at once on a quiet machine, later on a busy one or through a
  // container's port forwarding): until then a claim skips them.
  const again: number[] = [];
  await expect
    .poll(
      async () => {
        await claimBatch(handle.db, 10, async (rows) => void again.push(...rows.map((r) => r.id)));
        return again;
      },
      { timeout: 60_000, interval: 100 },
    )
    .toEqual(ids);
  expect(await countUnpublished(handle.db)).toBe(0);
});
