/**
 * Postgres and Redis for one test run, started by Testcontainers (the container tier,
 * `npm run test:containers`). One container of each, published on random ports bound to
 * 127.0.0.1, stopped by `stop()`. The caller sets the environment Testcontainers reads
 * (DOCKER_HOST, TESTCONTAINERS_HOST_OVERRIDE=127.0.0.1, TESTCONTAINERS_RYUK_DISABLED=true) before
 * calling; this module reads no environment of its own.
 */
import { GenericContainer, Wait, type StartedTestContainer } from 'testcontainers';
import pg from 'pg';
import { Redis } from 'ioredis';

/** `local`: the images infra/containers/build-images.sh makes; `official`: Docker Hub's. */
export type ImageSource = 'local' | 'official';

export const TEST_IMAGES: Record<ImageSource, { postgres: string; redis: string }> = {
  local: { postgres: 'touchline-postgres:15', redis: 'touchline-redis:7' },
  official: { postgres: 'postgres:15', redis: 'redis:7' },
};

/** Labels on every container of the tier, so a run that crashed can be cleaned up by the next. */
export const TIER_LABEL = 'org.touchline.test-tier';
export const RUN_PID_LABEL = 'org.touchline.test-run-pid';

export type StartedTestServices = {
  databaseUrl: string;
  redisUrl: string;
  /** e.g. "PostgreSQL 15.20 (touchline-postgres:15), Redis 7.0.15 (touchline-redis:7)" */
  describe: string;
  stop: () => Promise<void>;
};

const STARTUP_TIMEOUT_MS = 120_000;

/** Publishes container ports on 127.0.0.1 only (Testcontainers binds every interface). */
class LoopbackContainer extends GenericContainer {
  withLoopbackPort(port: number): this {
    this.withExposedPorts(port);
    this.hostConfig.PortBindings = {
      ...this.hostConfig.PortBindings,
      [`${port}/tcp`]: [{ HostIp: '127.0.0.1', HostPort: '0' }],
    };
    return this;
  }
}

function labels(): Record<string, string> {
  return { [TIER_LABEL]: 'containers', [RUN_PID_LABEL]: String(process.pid) };
}

function postgresContainer(source: ImageSource): GenericContainer {
  const settings = [
    '-c',
    'fsync=off',
    '-c',
    'synchronous_commit=off',
    '-c',
    'full_page_writes=off',
    '-c',
    'max_connections=300',
  ];
  const container = new LoopbackContainer(TEST_IMAGES[source].postgres)
    .withLoopbackPort(5432)
    .withLabels(labels())
    .withStartupTimeout(STARTUP_TIMEOUT_MS);
  if (source === 'official') {
    // The official entrypoint runs initdb and a temporary server first: ready is logged twice.
    return container
      .withEnvironment({ POSTGRES_HOST_AUTH_METHOD: 'trust' })
      .withCommand(['postgres', ...settings])
      .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2));
  }
  return container
    .withCommand(settings)
    .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/));
}

function redisContainer(source: ImageSource): GenericContainer {
  const container = new LoopbackContainer(TEST_IMAGES[source].redis)
    .withLoopbackPort(6379)
    .withLabels(labels())
    .withStartupTimeout(STARTUP_TIMEOUT_MS)
    .withWaitStrategy(Wait.forLogMessage(/Ready to accept connections/));
  return source === 'official'
    ? container.withCommand(['redis-server', '--save', '', '--appendonly', 'no'])
    : container;
}

/** Polls `check` until it resolves or the deadline passes (a busy machine answers late). */
async function until<T>(what: string, check: () => Promise<T>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline)
        throw new Error(`${what}: ${(error as Error).message}`, { cause: error });
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

async function postgresVersion(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    const { rows } = await client.query<{ v: string }>(
      "SELECT current_setting('server_version') AS v",
    );
    return rows[0]!.v.split(' ')[0]!;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function redisVersion(url: string): Promise<string> {
  const client = new Redis(url, {
    maxRetriesPerRequest: 1,
    lazyConnect: true,
    connectTimeout: 5_000,
    retryStrategy: () => null,
  });
  try {
    await client.connect();
    const info = await client.info('server');
    return /redis_version:(\S+)/.exec(info)?.[1] ?? 'unknown';
  } finally {
    client.disconnect();
  }
}

/** Starts a container, once more after a failure (a busy engine can time out once). */
async function startWithRetry(
  name: string,
  make: () => GenericContainer,
): Promise<StartedTestContainer> {
  try {
    return await make().start();
  } catch (first) {
    console.log(`[containers] ${name} did not start (${(first as Error).message}); trying again`);
    try {
      return await make().start();
    } catch (second) {
      throw new Error(`${name} container did not start: ${(second as Error).message}`, {
        cause: second,
      });
    }
  }
}

/** Starts Postgres and Redis side by side and checks both answer from the host over loopback. */
export async function startTestServices(source: ImageSource): Promise<StartedTestServices> {
  const started: StartedTestContainer[] = [];
  const stop = async () => {
    await Promise.allSettled(started.map((c) => c.stop({ timeout: 5_000, remove: true })));
  };
  try {
    const [postgres, redis] = await Promise.all([
      startWithRetry('Postgres', () => postgresContainer(source)).then((c) => {
        started.push(c);
        return c;
      }),
      startWithRetry('Redis', () => redisContainer(source)).then((c) => {
        started.push(c);
        return c;
      }),
    ]);
    const databaseUrl = `postgres://postgres@${postgres.getHost()}:${postgres.getMappedPort(5432)}/postgres`;
    const redisUrl = `redis://${redis.getHost()}:${redis.getMappedPort(6379)}`;
    const [pgVersion, rVersion] = await Promise.all([
      until('Postgres in its container does not answer', () => postgresVersion(databaseUrl)),
      until('Redis in its container does not answer', () => redisVersion(redisUrl)),
    ]);
    return {
      databaseUrl,
      redisUrl,
      describe: `PostgreSQL ${pgVersion} (${TEST_IMAGES[source].postgres}), Redis ${rVersion} (${TEST_IMAGES[source].redis})`,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Removes the tier's containers whose run is over (a run killed before it could stop them; there
 * is no Ryuk reaper without a registry). Containers of a run still alive on this host are kept.
 */
export async function removeLeftoverContainers(): Promise<number> {
  const { getContainerRuntimeClient } = await import('testcontainers');
  const client = await getContainerRuntimeClient();
  const all = await client.container.dockerode.listContainers({
    all: true,
    filters: { label: [`${TIER_LABEL}=containers`] },
  });
  let removed = 0;
  for (const info of all) {
    const pid = Number(info.Labels?.[RUN_PID_LABEL]);
    if (pid && pid !== process.pid && isAlive(pid)) continue;
    if (pid === process.pid) continue;
    await client.container.dockerode
      .getContainer(info.Id)
      .remove({ force: true })
      .then(() => removed++)
      .catch(() => undefined);
  }
  return removed;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
