import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, tz } from './columns';
import { users } from './users';

/**
 * Transactional outbox: a domain event written in the same transaction as the change it
 * announces. The relay moves unpublished rows to the queue and stamps `published_at`.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: createdAt(),
    publishedAt: tz('published_at'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [
    index('outbox_unpublished_idx')
      .on(t.id)
      .where(sql`${t.publishedAt} is null`),
    index('outbox_published_at_idx').on(t.publishedAt),
  ],
);

/** The last sequence number handed out per user (row lock = per-user ordering). */
export const userEventCounters = pgTable('user_event_counters', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastSeq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
});

/** Realtime events a user must not miss, numbered per user; replayed to a socket with `since`. */
export const userEvents = pgTable(
  'user_events',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    type: text('type').notNull(),
    data: jsonb('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.seq] }),
    index('user_events_created_idx').on(t.createdAt),
  ],
);

/** Every e-mail the product sends: stored first, delivered by the e-mail job. */
export const emails = pgTable(
  'emails',
  {
    id: id(),
    to: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text_body').notNull(),
    html: text('html_body').notNull(),
    template: text('template').notNull(),
    status: text('status', { enum: ['queued', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    providerMessageId: text('provider_message_id'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: tz('sent_at'),
  },
  (t) => [index('emails_to_idx').on(t.to, t.createdAt), index('emails_status_idx').on(t.status)],
);

/** The development mailbox (embedded mode, no SMTP): one row per delivered e-mail. */
export const devMailbox = pgTable(
  'dev_mailbox',
  {
    id: id(),
    emailId: uuid('email_id')
      .notNull()
      .references(() => emails.id, { onDelete: 'cascade' }),
    to: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text_body').notNull(),
    html: text('html_body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('dev_mailbox_email_key').on(t.emailId),
    index('dev_mailbox_to_idx').on(t.to, t.createdAt),
  ],
);

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
