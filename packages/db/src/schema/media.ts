import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { users } from './users';

/** Stored files (uploads and their processed variants) in the storage driver. */
export const mediaObjects = pgTable(
  'media_objects',
  {
    id: id(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    key: text('key').notNull(),
    visibility: text('visibility', { enum: ['public', 'private'] }).notNull(),
    kind: text('kind', { enum: ['image', 'video', 'document'] }).notNull(),
    contentType: text('content_type').notNull(),
    byteSize: bigint('byte_size', { mode: 'number' }).notNull(),
    width: integer('width'),
    height: integer('height'),
    status: text('status', { enum: ['pending', 'ready', 'failed'] })
      .notNull()
      .default('pending'),
    variants: jsonb('variants').$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('media_objects_key_key').on(t.key),
    index('media_objects_owner_idx').on(t.ownerId),
  ],
);

/**
 * Stored files that no committed row references: recorded before a chat picture's files are
 * written (the message's transaction deletes the record), and in the transaction that deletes a
 * message's picture row (deleted once its files are). A record older than a day marks files a
 * crash or a storage failure left behind: `maintenance.prune` deletes them, then the record.
 */
export const unclaimedFiles = pgTable(
  'unclaimed_files',
  {
    id: id(),
    keys: jsonb('keys').$type<string[]>().notNull(),
    visibility: text('visibility', { enum: ['public', 'private'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('unclaimed_files_created_idx').on(t.createdAt)],
);
