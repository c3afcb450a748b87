import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, tz } from './columns';
import { mediaObjects } from './media';
import { users } from './users';

/**
 * Chat (supplement §7). One conversation per pair of users, `user_low < user_high` (uuids compared
 * as Postgres compares them, which is the order of their lower-case text), named
 * `chat_<user_low>_<user_high>`. `last_message_id` and `last_activity_at` follow the newest
 * message (the list's preview and order). `opened_by` is who opened it: a conversation without
 * messages shows only in their list.
 */
export const chatThreads = pgTable(
  'chat_threads',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    userLow: uuid('user_low')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userHigh: uuid('user_high')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    openedBy: uuid('opened_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** The newest message (by id), or null before the first one. */
    lastMessageId: uuid('last_message_id'),
    lastActivityAt: tz('last_activity_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_threads_name_key').on(t.name),
    uniqueIndex('chat_threads_pair_key').on(t.userLow, t.userHigh),
    index('chat_threads_user_high_idx').on(t.userHigh),
    check('chat_threads_pair_order', sql`${t.userLow} < ${t.userHigh}`),
  ],
);

/**
 * Each member's side of a conversation: the read pointer (the newest message they have read;
 * message ids are time-ordered), their unread count (the partner's messages after the pointer,
 * not deleted) and the conversation's last activity, copied here so a member's list is one index
 * range (`chat_members_user_activity_idx`).
 */
export const chatMembers = pgTable(
  'chat_members',
  {
    threadId: uuid('thread_id')
      .notNull()
      .references(() => chatThreads.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadMessageId: uuid('last_read_message_id'),
    unreadCount: integer('unread_count').notNull().default(0),
    lastActivityAt: tz('last_activity_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.threadId, t.userId] }),
    index('chat_members_user_activity_idx').on(
      t.userId,
      t.lastActivityAt.desc(),
      t.threadId.desc(),
    ),
    check('chat_members_unread_non_negative', sql`${t.unreadCount} >= 0`),
  ],
);

/**
 * Messages. The id is a UUIDv7 made by the API and is the order of everything (history pages,
 * read pointers). `client_id` makes a retried send idempotent per sender. A deleted message keeps
 * its row (and place) with `deleted_at` set and no text or image.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey(),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => chatThreads.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull().default(''),
    imageMediaId: uuid('image_media_id').references(() => mediaObjects.id, {
      onDelete: 'set null',
    }),
    clientId: text('client_id'),
    createdAt: createdAt(),
    editedAt: tz('edited_at'),
    deletedAt: tz('deleted_at'),
  },
  (t) => [
    index('chat_messages_thread_id_idx').on(t.threadId, t.id.desc()),
    uniqueIndex('chat_messages_sender_client_key')
      .on(t.senderId, t.clientId)
      .where(sql`${t.clientId} is not null`),
    index('chat_messages_image_idx').on(t.imageMediaId),
    check('chat_messages_text_length', sql`char_length(${t.text}) <= 2000`),
    check('chat_messages_client_id_length', sql`char_length(${t.clientId}) <= 64`),
  ],
);
