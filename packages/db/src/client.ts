import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { Logger } from 'drizzle-orm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The database as repositories see it: the same type for PGlite and node-postgres. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<
  PgQueryResultHKT,
  Schema,
  ExtractTablesWithRelations<Schema>
>;
/** What repositories accept: the database or an open transaction. */
export type Executor = Database | Transaction;

export type DatabaseOptions = {
  /** A Postgres connection string; without it the embedded PGlite is used. */
  url?: string;
  /** PGlite data directory; in memory when undefined. Never shared between processes. */
  dataDir?: string;
  /** PGlite: start from this data-directory dump (`dumpDataDir()`), e.g. a migrated template. */
  loadDataDir?: Blob;
  poolMax?: number;
  /**
   * Postgres: how long opening a connection may take before it fails (default 10 s). Without a
   * bound, a server that accepts but never answers (a host gone mid-failover, a full backlog)
   * holds each pool slot forever, and the pool never serves again once it comes back.
   */
  connectTimeoutMs?: number;
  /** Called with every SQL statement drizzle sends (logging, round-trip counting in tests). */
  onQuery?: (sql: string) => void;
  /** Errors of idle pooled connections (they would otherwise crash the process). */
  onPoolError?: (error: Error) => void;
};

type HandleBase = {
  db: Database;
  /** True when a trivial statement succeeds. */
  ping(): Promise<boolean>;
  /** Idempotent. */
  close(): Promise<void>;
};
export type PgliteHandle = HandleBase & { kind: 'pglite'; client: PGlite };
export type PostgresHandle = HandleBase & { kind: 'postgres'; client: pg.Pool };
export type DatabaseHandle = PgliteHandle | PostgresHandle;

/** Where the embedded database lives inside the application's data directory. */
export function pgliteDataDir(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}

/** Extensions every PGlite instance loads, so migrations can `CREATE EXTENSION` them. */
export const pgliteExtensions = { pg_trgm };

function logger(onQuery: DatabaseOptions['onQuery']): Logger | undefined {
  return onQuery ? { logQuery: (query) => onQuery(query) } : undefined;
}

function handleParts(db: Database, closeClient: () => Promise<void>): HandleBase {
  let closing: Promise<void> | undefined;
  return {
    db,
    async ping() {
      try {
        await db.execute(sql`select 1`);
        return true;
      } catch {
        return false;
      }
    },
    close() {
      closing ??= closeClient();
      return closing;
    },
  };
}

/** How long statements may follow one another before the next waits for a turn of the event loop. */
const PGLITE_TURN_MS = 10;

/**
 * PGlite runs each statement synchronously on the main thread, and a chain of awaited statements
 * (the outbox relay, a queue lane, a seed) moves on through promises alone: no request is read,
 * no timer fires, until the whole chain ends (the demo world's first relay after a start held the
 * first page back about a second: decision 68). So statements and transactions run one at a time
 * in the order they were asked for (as PGlite runs them anyway), and one that would start more
 * than PGLITE_TURN_MS after the last turn first lets the event loop turn once (setImmediate:
 * sockets are read, timers fire), between two statements, never inside a transaction.
 */
const takesTurns = new WeakSet<PGlite>();
function takingTurns(client: PGlite): void {
  if (takesTurns.has(client)) return;
  takesTurns.add(client);
  let lastTurn = performance.now();
  let tail: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(run: () => Promise<T>): Promise<T> => {
    const result = tail.then(async () => {
      if (performance.now() - lastTurn >= PGLITE_TURN_MS) {
        await new Promise((resolve) => setImmediate(resolve));
        lastTurn = performance.now();
      }
      return run();
    });
    tail = result.catch(() => undefined);
    return result;
  };
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((...args: Parameters<typeof query>) =>
    inTurn(() => query(...args))) as typeof query;
  client.exec = (...args: Parameters<typeof exec>) => inTurn(() => exec(...args));
  client.transaction = ((...args: Parameters<typeof transaction>) =>
    inTurn(() => transaction(...args))) as typeof transaction;
}

/** Wraps an open PGlite instance (a fresh one, or a clone of a migrated template). */
export function wrapPglite(client: PGlite, onQuery?: (sql: string) => void): PgliteHandle {
  takingTurns(client);
  const db: Database = drizzlePglite({ client, schema, logger: logger(onQuery) });
  return {
    kind: 'pglite',
    client,
    ...handleParts(db, () => (client.closed ? Promise.resolve() : client.close())),
  };
}

export async function createDatabase(opts: DatabaseOptions = {}): Promise<DatabaseHandle> {
  if (!opts.url) {
    if (opts.dataDir) await mkdir(opts.dataDir, { recursive: true });
    const client = await PGlite.create({
      dataDir: opts.dataDir,
      loadDataDir: opts.loadDataDir,
      extensions: pgliteExtensions,
    });
    return wrapPglite(client, opts.onQuery);
  }
  // node-postgres is imported when a database server is named: the embedded start never loads it
  // (decision 68).
  const [{ default: pgModule }, { drizzle: drizzleNodePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
  ]);
  const pool = new pgModule.Pool({
    connectionString: opts.url,
    max: opts.poolMax ?? 10,
    connectionTimeoutMillis: opts.connectTimeoutMs ?? 10_000,
    // TCP keep-alive: a connection whose server vanished without a FIN is found and dropped.
    keepAlive: true,
  });
  pool.on('error', opts.onPoolError ?? ((error) => console.error('[db] idle client error', error)));
  // The pool listens for errors of idle connections only. A checked-out connection that dies
  // between two queries (a Postgres restart mid-transaction) would emit 'error' with no listener
  // and end the process; its holder's next query fails instead, and the pool drops the broken
  // connection when it comes back.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db: Database = drizzleNodePg({ client: pool, schema, logger: logger(opts.onQuery) });
  return { kind: 'postgres', client: pool, ...handleParts(db, () => pool.end()) };
}
