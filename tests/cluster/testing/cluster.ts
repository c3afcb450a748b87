/**
 * The set-up most cluster tests share: a fresh database on `TEST_DATABASE_URL`'s server, a Redis
 * server of the test's own (so it can stop it), an S3 server, the test's own database connection,
 * API instances and, when asked, a worker, all on the test's port range. `close` stops and
 * removes everything; `reportFailure` prints each process's last output after a failed test.
 */
import type { DatabaseHandle } from '@touchline/db';
import { openDatabase } from './client';
import { freePort } from './processes';
import {
  createFreshDatabase,
  startRedisServer,
  startS3Server,
  type FreshDatabase,
  type RedisServer,
  type S3Server,
} from './services';
import { startApi, startWorker, type Api, type StackEnv, type Worker } from './stack';

type Closable = { close: () => Promise<void> };

export type Cluster = {
  database: FreshDatabase;
  redis: RedisServer;
  s3: S3Server;
  /** The test's own connection to the cluster's database. */
  db: DatabaseHandle;
  stack: StackEnv;
  /** The API instances, named api-a, api-b, … */
  apis: (Api & Closable)[];
  worker: (Worker & Closable) | undefined;
  /** Stops a further process with the others (an instance the test started itself). */
  adopt: <T extends Closable & { name: string; output: () => string }>(child: T) => T;
  /** After a failed test: each process's last output on stderr. */
  reportFailure: () => void;
  close: () => Promise<void>;
};

export type ClusterOptions = {
  /** The test file's own port range (no other file uses it). */
  ports: readonly [number, number];
  apis: number;
  worker: boolean;
  /** The worker's job concurrency (the shipped default when absent). */
  workerConcurrency?: number;
  /** Extra variables for every process (rate limits, TRUST_PROXY, …). */
  extra?: Record<string, string>;
  /** The Postgres server the fresh database is made on (TEST_DATABASE_URL by default). */
  serverUrl?: string;
};

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const serverUrl = options.serverUrl ?? process.env.TEST_DATABASE_URL!;
  const processes: (Closable & { name: string; output: () => string })[] = [];
  let database: FreshDatabase | undefined;
  let redis: RedisServer | undefined;
  let s3: S3Server | undefined;
  let db: DatabaseHandle | undefined;
  const close = async () => {
    await Promise.allSettled(processes.map((p) => p.close()));
    await db?.close();
    await Promise.allSettled([database?.drop(), redis?.close(), s3?.close()]);
  };
  try {
    [database, redis, s3] = await Promise.all([
      createFreshDatabase(serverUrl),
      freePort(...options.ports).then((port) => startRedisServer(port)),
      startS3Server(),
    ]);
    db = await openDatabase(database.url);
    const stack: StackEnv = {
      databaseUrl: database.url,
      redisUrl: redis.url,
      s3: { ...s3, bucket: s3.bucket },
      baseEnv: process.env,
      extra: options.extra,
    };
    const ports: number[] = [];
    for (let i = 0; i < options.apis; i++) ports.push(await freePort(...options.ports));
    const [worker, ...apis] = await Promise.all([
      options.worker
        ? startWorker('worker', stack, { concurrency: options.workerConcurrency })
        : Promise.resolve(undefined),
      ...ports.map((port, i) => startApi(`api-${String.fromCharCode(97 + i)}`, port, stack)),
    ]);
    processes.push(...apis, ...(worker ? [worker] : []));
    return {
      database,
      redis,
      s3,
      db,
      stack,
      apis,
      worker,
      adopt: (child) => {
        processes.push(child);
        return child;
      },
      reportFailure: () => {
        for (const child of processes)
          console.error(`--- ${child.name} (last output) ---\n${child.output().slice(-6000)}`);
      },
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}
