import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tz } from './columns';
import { users } from './users';

const userRef = (name: string) =>
  uuid(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** Pending friend requests between players; accepting or declining deletes the row. */
export const friendRequests = pgTable(
  'friend_requests',
  {
    id: id(),
    fromUserId: userRef('from_user_id'),
    toUserId: userRef('to_user_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('friend_requests_pair_key').on(t.fromUserId, t.toUserId),
    index('friend_requests_to_idx').on(t.toUserId, t.createdAt),
    index('friend_requests_from_idx').on(t.fromUserId, t.createdAt),
  ],
);

/** Friendships, stored once per direction so "friends of X" is one index range. */
export const friendships = pgTable(
  'friendships',
  {
    userId: userRef('user_id'),
    friendId: userRef('friend_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.friendId] }),
    index('friendships_friend_idx').on(t.friendId),
    index('friendships_user_created_idx').on(t.userId, t.createdAt),
  ],
);

/** Players following academies. */
export const follows = pgTable(
  'follows',
  {
    followerId: userRef('follower_id'),
    academyId: userRef('academy_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.academyId] }),
    index('follows_academy_idx').on(t.academyId, t.createdAt),
  ],
);

/** Blocks: no requests, follows, messages, comments or profile visibility either way. */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: userRef('blocker_id'),
    blockedId: userRef('blocked_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('blocks_blocked_idx').on(t.blockedId),
  ],
);

/**
 * The notification centre. `source_key` makes creation idempotent (one row per source event);
 * `group_key` folds repeated events (likes on one post within an hour) into one row.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: userRef('user_id'),
    kind: text('kind').notNull(),
    text: text('text').notNull(),
    link: text('link').notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorCount: integer('actor_count').notNull().default(1),
    sourceKey: text('source_key'),
    groupKey: text('group_key'),
    readAt: tz('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    index('notifications_actor_idx').on(t.actorId),
    uniqueIndex('notifications_source_key').on(t.sourceKey),
    uniqueIndex('notifications_group_key').on(t.userId, t.groupKey),
  ],
);
