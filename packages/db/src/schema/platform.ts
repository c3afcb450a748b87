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
    /**
     * Dead-lettered: the event breaks its contract or cannot be routed, so retrying cannot help.
     * Skipped by the relay (it no longer blocks the events behind it), kept for the admins.
     */
    deadAt: tz('dead_at'),
  },
  (t) => [
    index('outbox_pending_idx')
      .on(t.id)
      .where(sql`${t.publishedAt} is null and ${t.deadAt} is null`),
    index('outbox_published_at_idx').on(t.publishedAt),
    index('outbox_dead_idx')
      .on(t.deadAt)
      .where(sql`${t.deadAt} is not null`),
  ],
);

/**
 * The jobs of the embedded (in-process) queue: the database is the queue when there is no Redis,
 * so a restart loses nothing. The id is the deterministic job id (de-duplication); a job is
 * `running` under a lease (`locked_until`), `done` only once its handler completed, `failed` for
 * good with its reason (until an admin retries it).
 */
export const embeddedJobs = pgTable(
  'embedded_jobs',
  {
    id: text('id').primaryKey(),
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    queue: text('queue').notNull(),
    name: text('name').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: ['waiting', 'running', 'done', 'failed'] })
      .notNull()
      .default('waiting'),
    attempts: integer('attempts').notNull().default(0),
    runAt: tz('run_at').notNull().defaultNow(),
    lockedUntil: tz('locked_until'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    finishedAt: tz('finished_at'),
  },
  (t) => [
    index('embedded_jobs_waiting_idx')
      .on(t.queue, t.runAt, t.seq)
      .where(sql`${t.status} = 'waiting'`),
    index('embedded_jobs_running_idx')
      .on(t.lockedUntil)
      .where(sql`${t.status} = 'running'`),
    index('embedded_jobs_finished_idx').on(t.status, t.finishedAt),
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

/**
 * Every e-mail the product sends: stored first, rendered and delivered by the e-mail job. The row
 * keeps metadata only: the template's parameters (a sign-in code among them) are sealed with a key
 * derived from APP_SECRET (`sealed_content`) and wiped once the e-mail is sent; the rendered text
 * is never stored (decision 21).
 */
export const emails = pgTable(
  'emails',
  {
    id: id(),
    to: text('to_address').notNull(),
    template: text('template').notNull(),
    sealedContent: text('sealed_content'),
    status: text('status', { enum: ['queued', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    providerMessageId: text('provider_message_id'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: tz('sent_at'),
  },
  (t) => [
    index('emails_to_idx').on(t.to, t.createdAt),
    index('emails_status_idx').on(t.status),
    index('emails_created_idx').on(t.createdAt),
  ],
);

/** The development mailbox (embedded mode, no SMTP): one row per delivered e-mail. */
export const devMailbox = pgTable(
  'dev_mailbox',
  {
    id: id(),
    /** The e-mail delivered, or (an SMS in the development mailbox, decision 47) null. */
    emailId: uuid('email_id').references(() => emails.id, { onDelete: 'cascade' }),
    /** The SMS delivered by the `devbox` SMS provider (supplement §16), else null. */
    smsId: uuid('sms_id'),
    to: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text_body').notNull(),
    html: text('html_body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('dev_mailbox_email_key').on(t.emailId),
    uniqueIndex('dev_mailbox_sms_key').on(t.smsId),
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
