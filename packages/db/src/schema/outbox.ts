import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, tz } from './columns';

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
