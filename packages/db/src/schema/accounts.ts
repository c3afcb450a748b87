import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tz } from './columns';
import { users } from './users';

/**
 * A user's data exports (supplement §15): requested by the owner, built by the `accounts.export`
 * job into one private ZIP in storage (`storage_key`), downloadable by the owner until
 * `expires_at` (7 days after it is ready); `maintenance.prune` then deletes the file and marks the
 * row `expired`. The rows of an erased account go with it.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * Who asked: the owner, or (later) a guardian for a linked child. Null once that account is
     * gone.
     */
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['pending', 'ready', 'failed', 'expired'] })
      .notNull()
      .default('pending'),
    storageKey: text('storage_key'),
    byteSize: bigint('byte_size', { mode: 'number' }),
    createdAt: createdAt(),
    readyAt: tz('ready_at'),
    expiresAt: tz('expires_at'),
    failedAt: tz('failed_at'),
  },
  (t) => [
    index('data_exports_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('data_exports_requested_by_idx').on(t.requestedBy),
    index('data_exports_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'ready'`),
    check('data_exports_status', sql`${t.status} in ('pending', 'ready', 'failed', 'expired')`),
  ],
);
