import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDevMailboxStore } from '@touchline/db/emails';
import { createEmbeddedJobStore } from '@touchline/db/jobs';
import { createSandboxChargeStore } from '@touchline/db/payments';
import { createDevSmsStore } from '@touchline/db/reach';
import { createTestDatabase } from '@touchline/db/testing';
import { createDrivers, driversConfigSchema, type Drivers } from '@touchline/drivers';
import { testRedisUrl } from '@touchline/drivers/testing';

const noop = () => undefined;
export const silentLogger = { info: noop, warn: noop, error: noop, debug: noop };

let counter = 0;

/**
 * A test database plus real drivers: in-process by default; BullMQ and Redis pub/sub when
 * TEST_REDIS_URL is set. `newDrivers()` makes a second set (a restarted process).
 */
export async function createWorkerEnv(configOverrides: Record<string, string> = {}) {
  const database = await createTestDatabase();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'touchline-worker-'));
  const config = driversConfigSchema.parse({
    ...(testRedisUrl() ? { REDIS_URL: testRedisUrl() } : {}),
    ...configOverrides,
  });
  const keyPrefix = `tltest-${process.pid}-${Date.now()}-${counter++}`;
  const opened: Drivers[] = [];
  async function newDrivers() {
    const drivers = await createDrivers(config, {
      dataDir,
      signingSecret: 'test-signing-secret',
      devMailboxStore: createDevMailboxStore(database.db),
      jobStore: createEmbeddedJobStore(database),
      sandboxChargeStore: createSandboxChargeStore(database.db),
      devSmsStore: createDevSmsStore(database.db),
      allowLoopbackPush: true,
      logger: silentLogger,
      keyPrefix,
    });
    opened.push(drivers);
    return drivers;
  }
  return {
    db: database.db,
    database,
    dataDir,
    newDrivers,
    async close() {
      for (const d of opened) await d.close().catch(() => undefined);
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
