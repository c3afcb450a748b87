/**
 * The servers a cluster test starts for itself: a Redis it can stop and start, a Postgres cluster
 * it can restart (initdb/pg_ctl in its own directory), a fresh database on a given server, and an
 * S3 server (s3rver) on loopback. Every one is cleaned up on close and on an abnormal exit.
 */
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { startS3rver } from '@touchline/drivers/testing';
import {
  onExit,
  removeOnExit,
  runSync,
  runToEnd,
  startChild,
  WaitAbortedError,
  waitFor,
  type Child,
} from './processes';

/* ------------------------------------------------------------------ Redis */

export type RedisServer = {
  url: string;
  port: number;
  /** Stops the server (SIGTERM: the AOF is flushed) and waits until the port refuses. */
  stop: () => Promise<void>;
  /** Starts it again on the same port and directory (its data back from the AOF). */
  start: () => Promise<void>;
  close: () => Promise<void>;
};

async function redisAnswers(url: string): Promise<boolean> {
  const client = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    enableOfflineQueue: false,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

/** A redis-server of the test's own, with append-only persistence, on `port`. */
export async function startRedisServer(port: number): Promise<RedisServer> {
  const directory = await mkdtemp(path.join(tmpdir(), 'touchline-cluster-redis-'));
  const unregisterDir = removeOnExit(directory);
  const url = `redis://127.0.0.1:${port}`;
  let child: Child | undefined;

  async function start() {
    child = startChild(
      `redis-server:${port}`,
      'redis-server',
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--dir',
        directory,
        '--appendonly',
        'yes',
        '--save',
        '',
        '--maxmemory-policy',
        'noeviction',
      ],
      { env: process.env },
    );
    const started = child;
    await waitFor(`redis-server on ${port}`, async () => {
      if (!started.alive()) throw new WaitAbortedError(`redis-server exited:\n${started.output()}`);
      return redisAnswers(url);
    });
  }

  async function stop() {
    await child?.stop();
    child = undefined;
    await waitFor(`redis on ${port} to refuse`, async () => !(await redisAnswers(url)));
  }

  await start();
  return {
    url,
    port,
    stop,
    start,
    async close() {
      await child?.kill();
      child = undefined;
      await rm(directory, { recursive: true, force: true });
      unregisterDir();
    },
  };
}

/* --------------------------------------------------------------- Postgres */

/** Debian's server binaries (`/usr/lib/postgresql/<version>/bin`), the newest installed. */
function postgresBin(): string {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base)
    ? readdirSync(base)
        .filter((v) => existsSync(path.join(base, v, 'bin', 'pg_ctl')))
        .sort((x, y) => Number(y) - Number(x))
    : [];
  if (!versions[0]) throw new Error(`no Postgres server binaries under ${base}/<version>/bin`);
  return path.join(base, versions[0], 'bin');
}
/** A server binary, run as `postgres` when the tests run as root (the server refuses root). */
const asPostgres = (command: string, args: string[]) =>
  process.getuid?.() === 0
    ? {
        command: 'runuser',
        args: ['-u', 'postgres', '--', path.join(postgresBin(), command), ...args],
      }
    : { command: path.join(postgresBin(), command), args };

export type PostgresCluster = {
  /** The `postgres` database of the cluster (superuser, trust on loopback). */
  adminUrl: string;
  port: number;
  stop: () => Promise<void>;
  start: () => Promise<void>;
  close: () => Promise<void>;
};

/** A Postgres 15 cluster of the test's own: initdb in a temporary directory, pg_ctl on `port`. */
export async function startPostgresCluster(port: number): Promise<PostgresCluster> {
  // As root, the server must run as `postgres`, which must own the directory (and its parent
  // must let it in: mkdtemp makes it 0700, so it is handed over).
  const base = mkdtempSync(path.join(tmpdir(), 'touchline-cluster-pg-'));
  const dataDir = path.join(base, 'data');
  const unregisterDir = removeOnExit(base);
  if (process.getuid?.() === 0) {
    const { uid, gid } = postgresIds();
    chownSync(base, uid, gid);
  }
  const pgCtl = (...args: string[]) => {
    const { command, args: full } = asPostgres('pg_ctl', ['-D', dataDir, ...args]);
    return runToEnd(`pg_ctl ${args[0]}`, command, full);
  };
  const init = asPostgres('initdb', [
    '-D',
    dataDir,
    '--auth=trust',
    '--username=postgres',
    '--no-sync',
    '--encoding=UTF8',
  ]);
  await runToEnd('initdb', init.command, init.args);
  const unregisterStop = onExit(() => {
    const stop = asPostgres('pg_ctl', ['-D', dataDir, 'stop', '-m', 'immediate']);
    runSync(stop.command, stop.args);
  });
  const options = [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    `-c unix_socket_directories=${base}`,
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=100',
  ].join(' ');
  const start = async () => {
    await pgCtl('start', '-w', '-t', '60', '-l', path.join(base, 'server.log'), '-o', options);
  };
  const stop = async () => {
    await pgCtl('stop', '-w', '-t', '60', '-m', 'fast');
  };
  await start();
  return {
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    async close() {
      await pgCtl('stop', '-w', '-m', 'immediate').catch(() => undefined);
      unregisterStop();
      await rm(base, { recursive: true, force: true });
      unregisterDir();
    },
  };
}

function postgresIds(): { uid: number; gid: number } {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  const [, , uid, gid] = line?.split(':') ?? [];
  if (uid === undefined || gid === undefined) throw new Error('no postgres user on this machine');
  return { uid: Number(uid), gid: Number(gid) };
}

/* -------------------------------------------------------------- databases */

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function admin<T>(adminUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export type FreshDatabase = { url: string; name: string; drop: () => Promise<void> };

/**
 * A new, empty database on the server of `serverUrl`, migrated by the real `npm run db:migrate`
 * entry point (`migrate: false`: left empty, for a restore). Named like the unit tiers' test
 * databases (`tl_test_<time>_<hex>`), so a leftover of a killed run ages out with theirs; dropped
 * on close and on exit.
 */
export async function createFreshDatabase(
  serverUrl: string,
  { migrate = true }: { migrate?: boolean } = {},
): Promise<FreshDatabase> {
  const adminUrl = withDatabase(serverUrl, 'postgres');
  const name = `tl_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await admin(adminUrl, (client) => client.query(`create database "${name}"`));
  const unregister = onExit(() =>
    runSync('psql', [adminUrl, '-q', '-c', `drop database if exists "${name}" with (force)`]),
  );
  const url = withDatabase(serverUrl, name);
  const drop = async () => {
    await admin(adminUrl, (client) =>
      client.query(`drop database if exists "${name}" with (force)`),
    );
    unregister();
  };
  if (!migrate) return { url, name, drop }; // empty: a restore's target
  try {
    await runToEnd(
      'db:migrate',
      process.execPath,
      ['--import', 'tsx', 'packages/db/src/migrate-cli.ts'],
      {
        ...process.env,
        DATABASE_URL: url,
      },
    );
  } catch (err) {
    await drop().catch(() => undefined);
    throw err;
  }
  return { url, name, drop };
}

/* -------------------------------------------------------------------- S3 */

export type S3Server = Awaited<ReturnType<typeof startS3rver>> & { bucket: string };

/** s3rver on a loopback port, its storage in a temporary directory (removed on close). */
export async function startS3Server(): Promise<S3Server> {
  const server = await startS3rver();
  return { ...server, bucket: `cluster-${randomBytes(4).toString('hex')}` };
}
