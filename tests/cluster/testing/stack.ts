/**
 * The product's own processes in the scaled mode: API instances (`services/api/src/server.ts`, what
 * `npm start` imports) and workers (`services/worker/src/main.ts`, what `npm run worker` runs), each
 * a separate process on the given Postgres, Redis and S3.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { removeOnExit, startTsx, WaitAbortedError, waitFor, type Child } from './processes';

/** One APP_SECRET for every process of a test: tokens and signed links work on any instance. */
export const APP_SECRET = 'cluster-tier-secret-0123456789-abcdefghijklmnop';

export type StackEnv = {
  databaseUrl: string;
  redisUrl: string;
  s3: { endpoint: string; bucket: string; accessKeyId: string; secretAccessKey: string };
  /** The environment the processes inherit (the caller's, without driver variables). */
  baseEnv: NodeJS.ProcessEnv;
  /** Extra variables for every process (rate limits, …). */
  extra?: Record<string, string>;
};

export type Api = Child & { port: number; url: string; restart: () => Promise<void> };
export type Worker = Child & { restart: () => Promise<void> };

function scaledEnv(stack: StackEnv, dataDir: string): NodeJS.ProcessEnv {
  return {
    ...stack.baseEnv,
    // Development mode: the e-mails stay in the development mailbox (no SMTP server needed);
    // everything else is the scaled shape. No demo world: the tests make their own users.
    APP_ENV: 'development',
    SEED_DEMO: 'false',
    APP_SECRET,
    DATA_DIR: dataDir,
    DATABASE_URL: stack.databaseUrl,
    REDIS_URL: stack.redisUrl,
    S3_ENDPOINT: stack.s3.endpoint,
    S3_BUCKET: stack.s3.bucket,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: stack.s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: stack.s3.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
    LOG_LEVEL: 'info',
    ...stack.extra,
  };
}

/** A data directory with the SPA's index (the API serves it). */
async function dataDirectory(label: string): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), `touchline-cluster-${label}-`));
  const unregister = removeOnExit(dir);
  mkdirSync(path.join(dir, 'web'), { recursive: true });
  writeFileSync(path.join(dir, 'web', 'index.html'), '<!doctype html><title>Touchline</title>');
  return {
    dir,
    remove: async () => {
      await rm(dir, { recursive: true, force: true });
      unregister();
    },
  };
}

function failIfExited(child: Child) {
  if (!child.alive())
    throw new WaitAbortedError(
      `${child.name} exited during start:\n${child.output().slice(-4000)}`,
    );
}

/** Resolves when readiness answers 200 with every check ok. */
export async function waitUntilReady(url: string, child?: Child, timeoutMs = 90_000) {
  await waitFor(
    `${url} to be ready`,
    async () => {
      if (child) failIfExited(child);
      const res = await fetch(`${url}/api/health/ready`);
      const body = (await res.json()) as { status?: string };
      return res.status === 200 && body.status === 'ok';
    },
    { timeoutMs, intervalMs: 200 },
  );
}

/**
 * Starts an API instance on `port` and waits until it is ready. `restart` starts the same
 * instance again (same port and data directory) after it was killed.
 */
export async function startApi(
  name: string,
  port: number,
  stack: StackEnv,
): Promise<Api & { close: () => Promise<void> }> {
  const data = await dataDirectory(name);
  const env = {
    ...scaledEnv(stack, data.dir),
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    WEB_DIST_DIR: path.join(data.dir, 'web'),
    RUN_WORKERS: 'false',
  };
  const url = `http://127.0.0.1:${port}`;
  let child = startTsx(name, 'services/api/src/server.ts', env);
  const api = {} as Api & { close: () => Promise<void> };
  const bind = () =>
    Object.assign(api, child, {
      port,
      url,
      restart: async () => {
        await child.kill();
        child = startTsx(name, 'services/api/src/server.ts', env);
        bind();
        await waitUntilReady(url, child);
      },
      close: async () => {
        await child.stop();
        await data.remove();
      },
    });
  bind();
  await waitUntilReady(url, child);
  return api;
}

/** Starts a worker process and waits until it says it is ready. */
export async function startWorker(
  name: string,
  stack: StackEnv,
  options: { concurrency?: number } = {},
): Promise<Worker & { close: () => Promise<void> }> {
  const data = await dataDirectory(name);
  const env = {
    ...scaledEnv(stack, data.dir),
    ...(options.concurrency ? { WORKER_CONCURRENCY: String(options.concurrency) } : {}),
  };
  const start = async () => {
    const started = startTsx(name, 'services/worker/src/main.ts', env);
    await waitFor(
      `${name} to be ready`,
      () => {
        failIfExited(started);
        return started.output().includes('worker ready');
      },
      { timeoutMs: 90_000, intervalMs: 100 },
    );
    return started;
  };
  let child = await start();
  const worker = {} as Worker & { close: () => Promise<void> };
  const bind = () =>
    Object.assign(worker, child, {
      restart: async () => {
        await child.kill();
        child = await start();
        bind();
      },
      close: async () => {
        await child.stop(35_000);
        await data.remove();
      },
    });
  bind();
  return worker;
}
