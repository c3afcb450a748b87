import type pg from 'pg';
import type { DatabaseHandle } from './client';

/** The channel a transaction that wrote an outbox row notifies; delivered when it commits. */
export const OUTBOX_CHANNEL = 'touchline_outbox';

type Logger = { warn: (obj: object, msg?: string) => void };

/** Subscribes `onWake` to outbox commits; answers the unsubscribe. */
export type OutboxWakeups = (onWake: () => void) => Promise<() => Promise<void>>;

/**
 * Wakes the outbox relay when a transaction that wrote an outbox row commits, in this process or
 * any other (`appendEvent` calls `pg_notify`, which Postgres delivers at commit, never for a
 * rollback). PGlite delivers its notifications in process. On Postgres, `LISTEN` needs its own
 * connection (not a pooled one, which would be handed to other work): a dedicated client,
 * reconnected with a growing pause when it drops, and each reconnect wakes the relay once, for
 * whatever was committed while it was away. The relay's poll stays as the safety net.
 */
export function outboxWakeups(handle: DatabaseHandle, logger?: Logger): OutboxWakeups {
  return async (onWake) => {
    if (handle.kind === 'pglite') {
      const unlisten = await handle.client.listen(OUTBOX_CHANNEL, () => onWake());
      return async () => {
        if (!handle.client.closed) await unlisten();
      };
    }
    const options = handle.client.options;
    let client: pg.Client | undefined;
    let closed = false;
    let retry: NodeJS.Timeout | undefined;
    let failures = 0;

    async function connect() {
      if (closed) return;
      const { default: pgModule } = await import('pg'); // loaded by the pool already
      const next = new pgModule.Client({
        connectionString: options.connectionString,
        connectionTimeoutMillis: options.connectionTimeoutMillis,
        keepAlive: true,
      });
      next.on('notification', () => onWake());
      next.on('error', (err) => reconnect(next, err));
      next.on('end', () => reconnect(next));
      try {
        await next.connect();
        await next.query(`LISTEN ${OUTBOX_CHANNEL}`);
        if (closed) {
          await next.end().catch(() => undefined);
          return;
        }
        client = next;
        if (failures > 0) onWake(); // commits made while nobody listened
        failures = 0;
      } catch (err) {
        reconnect(next, err);
      }
    }

    function reconnect(broken: pg.Client, err?: unknown) {
      if (closed || (client && client !== broken)) return;
      if (client === broken) client = undefined;
      broken.removeAllListeners('end');
      broken.end().catch(() => undefined);
      if (retry) return;
      failures += 1;
      if (failures === 1)
        logger?.warn({ err }, 'outbox listener lost its connection; reconnecting');
      retry = setTimeout(
        () => {
          retry = undefined;
          void connect();
        },
        Math.min(100 * 2 ** Math.min(failures - 1, 6), 5000),
      );
      retry.unref();
    }

    await connect();
    return async () => {
      closed = true;
      clearTimeout(retry);
      const open = client;
      client = undefined;
      if (open) {
        open.removeAllListeners('end');
        await open.end().catch(() => undefined);
      }
    };
  };
}
