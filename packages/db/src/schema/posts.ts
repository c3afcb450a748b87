import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { createdAt, id, tz, updatedAt } from './columns';
import { mediaObjects } from './media';
import { users } from './users';

const userRef = (name: string) =>
  uuid(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/**
 * Posts: text (≤5000) and at most one image or one video. `likes_count` and `comments_count`
 * (top-level comments only, as the post shows) are kept in the same transaction as the change,
 * so a feed page never counts rows. Deleting a post deletes its likes, comments and reports'
 * links; `removed_at` is set when an administrator removes it (it then reads as gone).
 */
export const posts = pgTable(
  'posts',
  {
    id: id(),
    authorId: userRef('author_id'),
    content: text('content').notNull().default(''),
    mediaId: uuid('media_id').references(() => mediaObjects.id, { onDelete: 'set null' }),
    mediaKind: text('media_kind', { enum: ['image', 'video'] }),
    likesCount: integer('likes_count').notNull().default(0),
    commentsCount: integer('comments_count').notNull().default(0),
    /** Every comment including replies: part of the popularity score. */
    commentsTotal: integer('comments_total').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    editedAt: tz('edited_at'),
    removedAt: tz('removed_at'),
  },
  (t) => [
    index('posts_author_created_idx').on(t.authorId, t.createdAt.desc(), t.id.desc()),
    index('posts_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('posts_media_idx').on(t.mediaId),
    // The feed's popularity weight: its largest value bounds how far back a popular post can
    // still outscore the newest ones (feed.repository.ts, popular part).
    index('posts_weight_idx').on(sql`(${t.likesCount} + 2 * ${t.commentsTotal})`),
    check('posts_counts_non_negative', sql`${t.likesCount} >= 0 and ${t.commentsCount} >= 0`),
  ],
);

/** One like per user and post (the primary key makes concurrent toggles safe). */
export const postLikes = pgTable(
  'post_likes',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: userRef('user_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.userId] }),
    index('post_likes_user_idx').on(t.userId),
    index('post_likes_post_created_idx').on(t.postId, t.createdAt),
  ],
);

/** Comments and replies: `parent_id` null for a top-level comment; `depth` 0 at the top. */
export const comments = pgTable(
  'comments',
  {
    id: id(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    authorId: userRef('author_id'),
    parentId: uuid('parent_id').references((): AnyPgColumn => comments.id, {
      onDelete: 'cascade',
    }),
    depth: integer('depth').notNull().default(0),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('comments_post_created_idx').on(t.postId, t.createdAt, t.id),
    index('comments_parent_idx').on(t.parentId),
    index('comments_author_idx').on(t.authorId),
  ],
);

/** One message of a chat report's snapshot (`content_reports.context`). */
export type ReportedChatMessage = {
  id: string;
  sender_id: string;
  sender_name: string;
  text: string;
  has_image: boolean;
  deleted: boolean;
  created_at: string;
  /** The reported message itself (message reports). */
  reported: boolean;
};

/**
 * Reports of a post, comment, chat message or conversation for the administrators. `target_id` survives the target's
 * deletion (no foreign key) and `snapshot` keeps the reported text; one report per reporter and
 * target.
 */
export const contentReports = pgTable(
  'content_reports',
  {
    id: id(),
    reporterId: userRef('reporter_id'),
    targetKind: text('target_kind', {
      enum: ['post', 'comment', 'message', 'conversation'],
    }).notNull(),
    /** The post's, comment's or message's id; a conversation's `chat_threads.id`. */
    targetId: uuid('target_id').notNull(),
    /** A message's or conversation's thread name (`chat_<low>_<high>`), kept as text. */
    threadName: text('thread_name'),
    postId: uuid('post_id').references(() => posts.id, { onDelete: 'set null' }),
    targetAuthorId: uuid('target_author_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    details: text('details').notNull().default(''),
    snapshot: text('snapshot').notNull().default(''),
    /**
     * A message's or conversation's surrounding messages when reported (sender names and times
     * included), a copy that outlives the messages' deletion; null for posts and comments.
     */
    context: jsonb('context').$type<ReportedChatMessage[]>(),
    status: text('status', { enum: ['open', 'removed', 'dismissed', 'blocked'] })
      .notNull()
      .default('open'),
    createdAt: createdAt(),
    resolvedAt: tz('resolved_at'),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('content_reports_reporter_target_key').on(t.reporterId, t.targetKind, t.targetId),
    index('content_reports_status_created_idx').on(t.status, t.createdAt),
  ],
);

/**
 * The ordered post ids of a viewer's home feed, fixed when page 1 is read: later pages slice it,
 * so posts arriving, deleted or gaining likes meanwhile never shift a page (no duplicates, no
 * gaps) and any page costs the same.
 */
export const feedSnapshots = pgTable('feed_snapshots', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  postIds: uuid('post_ids').array().notNull(),
  createdAt: createdAt(),
  /**
   * How many of `post_ids` are the network part (the rest are popular posts); null for a snapshot
   * written before migration 0027. Numbered pages answer `next` from it (decision 67).
   */
  networkCount: integer('network_count'),
  /**
   * The oldest post of the snapshot's network part when that part was full (`networkCap` posts):
   * the keyset position where `GET /api/home?before=` continues past the snapshot (decision 67).
   * Null when the whole network fitted (nothing older to continue with).
   */
  networkEndAt: tz('network_end_at'),
  networkEndId: uuid('network_end_id'),
});

/**
 * Home timelines, written on post (decision 45): each row puts one post in one user's home feed
 * (the user's own posts, their friends' and the academies they follow). The worker inserts a new
 * post into every timeline of its audience, befriending or following merges the newcomer's
 * recent posts, and unfriending, unfollowing, blocking and a post's removal take rows out. A
 * timeline keeps its newest `HOME_TIMELINE_CAP` rows and is an exact prefix of its owner's
 * network order: every network post at least as new as its oldest row is in it, so a read past
 * its end continues with a keyset query over the network. `author_id` lets a tie's end delete
 * by author without reading the posts.
 */
export const homeTimelines = pgTable(
  'home_timelines',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').notNull(),
    /** The post's `created_at`: with `post_id`, the timeline's order (newest first). */
    createdAt: tz('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.postId] }),
    index('home_timelines_user_order_idx').on(t.userId, t.createdAt.desc(), t.postId.desc()),
    index('home_timelines_post_idx').on(t.postId),
  ],
);

/**
 * The popular posts of the last days, ranked periodically per scope (`state:<state>` or
 * `sport:<sport>`) by the feed's score at `ranked_at`; a viewer's popular part is read from the
 * scopes of their state and sports and merged after the network at read time.
 */
export const popularPosts = pgTable(
  'popular_posts',
  {
    scope: text('scope').notNull(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').notNull(),
    score: doublePrecision('score').notNull(),
    createdAt: tz('created_at').notNull(),
    rankedAt: tz('ranked_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.postId] }),
    index('popular_posts_scope_score_idx').on(t.scope, t.score.desc()),
    index('popular_posts_post_idx').on(t.postId),
  ],
);
