import { mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/*
 * Without TEST_DATABASE_URL, a PostgreSQL container is used when a container runtime answers.
 * Importing testcontainers costs ~0.4 s and vitest starts a process per test file, so a "no
 * runtime" answer is remembered on disk for a minute; a found runtime is asked again each time.
 * The container is started with reuse, so the processes of a run (and later runs) share one; it
 * keeps running afterwards (`docker ps --filter label=org.testcontainers`).
 */
const NO_RUNTIME_TTL_MS = 60_000;
const noRuntimeFile = path.join(os.tmpdir(), 'touchline-db-test', 'no-container-runtime');
const IMAGE = 'postgres:15-alpine';

let containerUrl: Promise<string | null> | undefined;

async function recentlyFoundNoRuntime(): Promise<boolean> {
  try {
    const at = Number(await readFile(noRuntimeFile, 'utf8'));
    return Date.now() - at < NO_RUNTIME_TTL_MS;
  } catch {
    return false;
  }
}

async function rememberNoRuntime(): Promise<void> {
  await mkdir(path.dirname(noRuntimeFile), { recursive: true });
  await writeFile(noRuntimeFile, String(Date.now()));
}

async function startContainer(): Promise<string | null> {
  if (await recentlyFoundNoRuntime()) return null;
  const { getContainerRuntimeClient } = await import('testcontainers');
  try {
    await getContainerRuntimeClient();
  } catch (error) {
    if (error instanceof Error && /container runtime strategy/i.test(error.message)) {
      await rememberNoRuntime();
      return null;
    }
    throw error;
  }
  const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
  const container = await new PostgreSqlContainer(IMAGE).withReuse().start();
  return container.getConnectionUri();
}

/** The admin URL of a running PostgreSQL container, or null when there is no container runtime. */
export function containerDatabaseUrl(): Promise<string | null> {
  containerUrl ??= startContainer();
  return containerUrl;
}
