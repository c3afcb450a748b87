import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../client';
import { postLikes, posts } from '../schema';
import { mediaJson, rowsOf, type MediaRef } from '../sql';
import { minorCircleSql } from './social.repository';
import { LIMITS } from '@touchline/shared';

/**
 * Who reads posts: the viewer, whether they are an administrator, and the latest date of birth of
 * an adult (18 years before today in Lagos; the service computes it from its clock).
 */
export type PostViewer = { viewerId: string; isAdmin: boolean; adultCutoff: string };

/** A comment as the hydration statement answers it (json: timestamps are strings). */
export type CommentJson = {
  id: string;
  parent_id: string | null;
  depth: number;
  content: string;
  created_at: string;
  author_id: string;
  username: string;
  role: 'player' | 'academy' | 'admin';
  photo: MediaRef | null;
  /** The comment's place in its post's thread order (`commentThreadSql`): the page cursor. */
  key: string;
};

/** One post with everything its card shows, read in the same statement as the page. */
export type PostViewRow = {
  id: string;
  authorId: string;
  content: string;
  createdAt: Date;
  /** `<created_at to the microsecond>~<id>`: the keyset cursor of this post. */
  cursor: string;
  edited: boolean;
  likesCount: number;
  commentsCount: number;
  mediaKind: 'image' | 'video' | null;
  media: MediaRef | null;
  username: string;
  role: 'player' | 'academy' | 'admin';
  bio: string;
  photo: MediaRef | null;
  isLiked: boolean;
  canComment: boolean;
  comments: CommentJson[];
};

/** Neither user blocked the other (`userColumn` is a column expression of the outer query). */
export function notBlockedSql(userColumn: SQL, viewerId: string) {
  return sql`not exists (
    select 1 from blocks b
    where (b.blocker_id = ${viewerId} and b.blocked_id = ${userColumn})
       or (b.blocker_id = ${userColumn} and b.blocked_id = ${viewerId})
  )`;
}

/**
 * A post the viewer may see, on the aliases `p` (posts) and `au` (its author): not removed, an
 * active author, and no block either way.
 */
export function visiblePostSql(viewerId: string) {
  return sql`p.removed_at is null and au.reachable and ${notBlockedSql(sql`p.author_id`, viewerId)}`;
}

/** The author is a player under 18 (an unknown date of birth counts as a minor). */
export function minorAuthorSql(adultCutoff: string) {
  return sql`(au.role = 'player' and (au.dob is null or au.dob > ${adultCutoff}::date))`;
}

/** A comment's key segment: UTC microseconds (20 digits) and the id's 32 hex digits. */
const keySegment = (alias: string) =>
  sql.raw(
    `to_char(${alias}.created_at at time zone 'UTC', 'YYYYMMDDHH24MISSUS') || replace(${alias}.id::text, '-', '')`,
  );

/**
 * A post's visible comments as one json list in thread order (oldest first at every level, each
 * reply right after its parent), at most `limit` of them after the key `after`. A comment's `key`
 * is its ancestors' key segments then its own (fixed width: plain string order is thread order,
 * `COMMENT_KEY_SEGMENT` in @touchline/shared). Comments of inactive or blocked authors are left
 * out with their replies, and nothing below `LIMITS.replyMaxDepth` is read. `postId` is a column
 * or value expression of the outer query.
 */
export function commentThreadSql(
  postId: SQL,
  viewerId: string,
  input: { after: string | null; limit: number },
) {
  const visibleAuthor = sql`cu.reachable and ${notBlockedSql(sql`c.author_id`, viewerId)}`;
  const after = input.after === null ? sql`` : sql`where t.key > ${input.after}`;
  return sql`(
    with recursive thread as (
      select c.id, c.depth, (${keySegment('c')})::text as key
      from comments c join users cu on cu.id = c.author_id
      where c.post_id = ${postId} and c.parent_id is null and ${visibleAuthor}
      union all
      select c.id, c.depth, t.key || ${keySegment('c')}
      from thread t
      join comments c on c.parent_id = t.id
      join users cu on cu.id = c.author_id
      where t.depth < ${LIMITS.replyMaxDepth} and ${visibleAuthor}
    )
    select coalesce(json_agg(json_build_object(
      'id', x.id, 'parent_id', x.parent_id, 'depth', x.depth, 'content', x.content,
      'created_at', x.created_at, 'author_id', x.author_id, 'username', x.username,
      'role', x.role, 'photo', x.photo, 'key', x.key
    ) order by x.key), '[]'::json)
    from (
      select t.key, c.id, c.parent_id, c.depth, c.content, c.created_at, c.author_id,
        cu.username, cu.role, ${mediaJson('cm')} as photo
      from thread t
      join comments c on c.id = t.id
      join users cu on cu.id = c.author_id
      left join media_objects cm on cm.id = cu.profile_photo_media_id
      ${after}
      order by t.key
      limit ${input.limit}
    ) x
  )`;
}

/**
 * A row's keyset cursor (`<created_at>~<id>`, `keysetCursorOf` in the contract) made in SQL, so
 * it keeps the microseconds a JavaScript date would drop; `alias` has `created_at` and `id`.
 */
export function keysetCursorSql(alias: string) {
  return sql.raw(
    `to_char(${alias}.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '~' || ${alias}.id`,
  );
}

/**
 * A minor's posts are seen only by the minor, administrators and the minor's circle (supplement
 * §13: friends, academies they follow, verified academies); on the aliases `p` and `au`.
 */
export function minorPostSeenSql(viewerId: string, adultCutoff: string) {
  return sql`(not ${minorAuthorSql(adultCutoff)} or p.author_id = ${viewerId}
    or exists (select 1 from users av where av.id = ${viewerId} and av.role = 'admin')
    or ${minorCircleSql(sql`p.author_id`, viewerId)})`;
}

/**
 * Whether the viewer may comment on the post (aliases `p`, `au`): anyone on an adult's post; on a
 * minor's, the minor, administrators and the minor's circle (friends, academies they follow).
 */
function canCommentSql(viewer: PostViewer) {
  const { viewerId, isAdmin, adultCutoff } = viewer;
  return sql`(not ${minorAuthorSql(adultCutoff)} or p.author_id = ${viewerId} or ${isAdmin}::boolean
        or exists (select 1 from friendships f where f.user_id = p.author_id and f.friend_id = ${viewerId})
        or exists (select 1 from follows fo where fo.follower_id = p.author_id and fo.academy_id = ${viewerId})
      )`;
}

/**
 * What a remembered shared post was read at (alias `p`): its edit, its comment total and its
 * media's state. A page's facts carry it, so a remembered post whose edit, comments or media
 * moved since is read again even when no bus message reached this instance (decision 70).
 */
export function postVersionSql(alias: string) {
  return sql.raw(
    `coalesce(${alias}.edited_at::text, '') || '/' || ${alias}.comments_total || '/' || coalesce((select vm.status from media_objects vm where vm.id = ${alias}.media_id), '')`,
  );
}

/**
 * The viewer's own facts about the posts named by a `page(post_id, ord)` relation (decision 70):
 * the rows the viewer may see (removal, the author reachable, blocks, §13, all read now), with the
 * live counts, the edit mark, whether the viewer liked it and may comment, and the version the
 * remembered shared part must carry. Everything else of a card comes from `readSharedPosts`.
 */
export function postFactsSql(viewer: PostViewer) {
  const { viewerId, adultCutoff } = viewer;
  return sql`
    select pg.ord, p.id, p.author_id as "authorId", p.likes_count as "likesCount",
      p.comments_count as "commentsCount", p.edited_at is not null as edited,
      exists (select 1 from post_likes l where l.post_id = p.id and l.user_id = ${viewerId}) as "isLiked",
      ${canCommentSql(viewer)} as "canComment",
      ${postVersionSql('p')} as version
    from page pg
    join posts p on p.id = pg.post_id
    join users au on au.id = p.author_id
    where ${visiblePostSql(viewerId)} and ${minorPostSeenSql(viewerId, adultCutoff)}`;
}

/** A page's per-viewer facts about one post (`postFactsSql`). */
export type PostFactsRow = Pick<
  PostViewRow,
  'id' | 'authorId' | 'likesCount' | 'commentsCount' | 'edited' | 'isLiked' | 'canComment'
> & { version: string };

/**
 * The part of a post's card every viewer shares: its text, media, author's public facts and the
 * first comments by reachable authors (no viewer's blocks applied: the caller leaves a post whose
 * comments a block hides to `findPostViews`), with the version it was read at.
 */
export type SharedPostRow = Pick<
  PostViewRow,
  | 'id'
  | 'authorId'
  | 'content'
  | 'createdAt'
  | 'cursor'
  | 'mediaKind'
  | 'media'
  | 'username'
  | 'role'
  | 'bio'
  | 'photo'
  | 'comments'
> & { version: string };

/** A viewer no block involves: comment threads read for it are every viewer's. */
const NOBODY = '00000000-0000-0000-0000-000000000000';

/** The shared parts of these posts (any that still exist, whoever may see them), one statement. */
export async function readSharedPosts(
  executor: Executor,
  postIds: readonly string[],
): Promise<SharedPostRow[]> {
  if (postIds.length === 0) return [];
  const ids = sql.join(
    postIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const result = await executor.execute(sql`
    select p.id, p.author_id as "authorId", p.content, p.created_at as "createdAt",
      ${keysetCursorSql('p')} as cursor, p.media_kind as "mediaKind", ${mediaJson('pm')} as media,
      au.username, au.role, coalesce(pr.bio, '') as bio, ${mediaJson('am')} as photo,
      ${commentThreadSql(sql`p.id`, NOBODY, { after: null, limit: LIMITS.commentsPerPage + 1 })}
        as comments,
      ${postVersionSql('p')} as version
    from posts p
    join users au on au.id = p.author_id
    left join profiles pr on pr.user_id = au.id
    left join media_objects pm on pm.id = p.media_id
    left join media_objects am on am.id = au.profile_photo_media_id
    where p.id = any(array[${ids}]::uuid[])`);
  return rowsOf<SharedPostRow & { createdAt: Date | string }>(result).map((row) => ({
    ...row,
    createdAt: new Date(row.createdAt),
  }));
}

/** These posts hydrated for the viewer (`hydratedPostsSql`), in the given order. */
export async function findPostViews(
  executor: Executor,
  viewer: PostViewer,
  postIds: readonly string[],
): Promise<PostViewRow[]> {
  if (postIds.length === 0) return [];
  const ids = sql.join(
    postIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const result = await executor.execute(sql`
    with page as (
      select u.id as post_id, u.ord
      from unnest(array[${ids}]::uuid[]) with ordinality as u(id, ord)
    )
    ${hydratedPostsSql(viewer)}
    order by pg.ord`);
  return rowsOf<RawPostRow>(result).map(toPostViewRow);
}

/**
 * The hydrated rows of the posts named by a `page(post_id, ord)` relation the caller defines in
 * its `with` clause, each with the first comments of its thread as one json list
 * (`commentThreadSql`: one more than a post carries, `LIMITS.commentsPerPage`, so the API knows
 * whether more exist). Posts the viewer can no longer see are left out, so a page may be
 * shorter but never shifted.
 */
export function hydratedPostsSql(viewer: PostViewer) {
  const { viewerId, adultCutoff } = viewer;
  return sql`
    select pg.ord, p.id, p.author_id as "authorId", p.content, p.created_at as "createdAt",
      ${keysetCursorSql('p')} as cursor,
      p.edited_at is not null as edited, p.likes_count as "likesCount",
      p.comments_count as "commentsCount", p.media_kind as "mediaKind", ${mediaJson('pm')} as media,
      au.username, au.role, coalesce(pr.bio, '') as bio, ${mediaJson('am')} as photo,
      exists (select 1 from post_likes l where l.post_id = p.id and l.user_id = ${viewerId}) as "isLiked",
      ${canCommentSql(viewer)} as "canComment",
      ${commentThreadSql(sql`p.id`, viewerId, { after: null, limit: LIMITS.commentsPerPage + 1 })}
        as comments
    from page pg
    join posts p on p.id = pg.post_id
    join users au on au.id = p.author_id
    left join profiles pr on pr.user_id = au.id
    left join media_objects pm on pm.id = p.media_id
    left join media_objects am on am.id = au.profile_photo_media_id
    where ${visiblePostSql(viewerId)} and ${minorPostSeenSql(viewerId, adultCutoff)}`;
}

type RawPostRow = Omit<PostViewRow, 'createdAt'> & { createdAt: Date | string; ord: number };

/** Normalises driver differences (timestamps as strings or Dates, counts as numbers). */
export function toPostViewRow(row: RawPostRow): PostViewRow {
  const { ord: _ord, ...rest } = row;
  return {
    ...rest,
    createdAt: new Date(row.createdAt),
    likesCount: Number(row.likesCount),
    commentsCount: Number(row.commentsCount),
  };
}

/** One post as the viewer sees it, or null when it is gone for them. */
export async function findPostView(executor: Executor, viewer: PostViewer, postId: string) {
  const result = await executor.execute(sql`
    with page as (select ${postId}::uuid as post_id, 1 as ord)
    ${hydratedPostsSql(viewer)}`);
  const [row] = rowsOf<RawPostRow>(result);
  return row ? toPostViewRow(row) : null;
}

/** A keyset position: strictly older than this post (created_at, then id). */
export type PostCursor = { createdAt: string; id: string };

/** One author's posts, newest first, `limit` of them after the cursor (one statement). */
export async function listAuthorPostViews(
  executor: Executor,
  viewer: PostViewer,
  input: { authorId: string; before?: PostCursor; limit: number },
) {
  const { authorId, before, limit } = input;
  const after = before
    ? sql`and (p.created_at, p.id) < (${before.createdAt}::timestamptz, ${before.id}::uuid)`
    : sql``;
  const result = await executor.execute(sql`
    with page as (
      select p.id as post_id, row_number() over (order by p.created_at desc, p.id desc) as ord
      from posts p
      where p.author_id = ${authorId} and p.removed_at is null ${after}
      order by p.created_at desc, p.id desc
      limit ${limit}
    )
    ${hydratedPostsSql(viewer)}
    order by pg.ord`);
  return rowsOf<RawPostRow>(result).map(toPostViewRow);
}

/** Posts a profile counts: the user's own, not removed. */
export async function countVisiblePosts(executor: Executor, authorId: string) {
  const [row] = await executor
    .select({ n: sql<number>`count(*)::int` })
    .from(posts)
    .where(and(eq(posts.authorId, authorId), sql`${posts.removedAt} is null`));
  return Number(row?.n ?? 0);
}

export type NewPost = {
  authorId: string;
  content: string;
  mediaId: string | null;
  mediaKind: 'image' | 'video' | null;
  /** Now by default (the demo seed backdates its world). */
  createdAt?: Date;
};

export async function insertPost(executor: Executor, values: NewPost) {
  const [row] = await executor.insert(posts).values(values).returning({ id: posts.id });
  return row!;
}

/** The post fields a change needs: its author and media, whether the author is a minor. */
export type LockedPost = {
  id: string;
  authorId: string;
  mediaId: string | null;
  content: string;
  authorIsMinor: boolean;
};

/**
 * A post the viewer can see, optionally locked: `update` for edit and delete, `no key update` to
 * serialise its comment changes (and their counters), `key share` to keep it while liking. Null
 * when it is gone for the viewer.
 */
export async function findVisiblePost(
  executor: Executor,
  input: {
    postId: string;
    viewerId: string;
    adultCutoff: string;
    lock?: 'update' | 'no key update' | 'key share';
  },
): Promise<LockedPost | null> {
  const lock = input.lock ? sql`for ${sql.raw(input.lock)} of p` : sql``;
  const result = await executor.execute(sql`
    select p.id, p.author_id as "authorId", p.media_id as "mediaId", p.content,
      ${minorAuthorSql(input.adultCutoff)} as "authorIsMinor"
    from posts p join users au on au.id = p.author_id
    where p.id = ${input.postId} and ${visiblePostSql(input.viewerId)}
      and ${minorPostSeenSql(input.viewerId, input.adultCutoff)}
    ${lock}`);
  return rowsOf<LockedPost>(result)[0] ?? null;
}

/** Whether `viewerId` is in the author's circle: their friend, or an academy they follow. */
export async function isInCircleOf(executor: Executor, authorId: string, viewerId: string) {
  const result = await executor.execute(sql`
    select exists (select 1 from friendships where user_id = ${authorId} and friend_id = ${viewerId})
        or exists (select 1 from follows where follower_id = ${authorId} and academy_id = ${viewerId})
      as ok`);
  return Boolean(rowsOf<{ ok: boolean }>(result)[0]?.ok);
}

/** The owner's post text changes and is marked edited. */
export async function updatePostContent(
  executor: Executor,
  input: { postId: string; authorId: string; content: string; at: Date },
) {
  const rows = await executor
    .update(posts)
    .set({ content: input.content, editedAt: input.at, updatedAt: input.at })
    .where(and(eq(posts.id, input.postId), eq(posts.authorId, input.authorId)))
    .returning({ id: posts.id });
  return rows.length > 0;
}

/** Deletes the owner's post (its likes and comments go with it); answers its media id. */
export async function deleteOwnPost(executor: Executor, postId: string, authorId: string) {
  const [row] = await executor
    .delete(posts)
    .where(and(eq(posts.id, postId), eq(posts.authorId, authorId)))
    .returning({ id: posts.id, mediaId: posts.mediaId });
  return row ?? null;
}

/**
 * Toggles the user's like: inserts it, or deletes it when it already existed, and moves
 * `likes_count` only by a row actually inserted or deleted, so concurrent toggles can never
 * leave two likes or a wrong count. Answers whether a like was added.
 */
export async function toggleLike(executor: Executor, postId: string, userId: string) {
  const inserted = await executor
    .insert(postLikes)
    .values({ postId, userId })
    .onConflictDoNothing()
    .returning({ postId: postLikes.postId });
  if (inserted.length > 0) {
    await adjustLikes(executor, postId, 1);
    return true;
  }
  const deleted = await executor
    .delete(postLikes)
    .where(and(eq(postLikes.postId, postId), eq(postLikes.userId, userId)))
    .returning({ postId: postLikes.postId });
  if (deleted.length > 0) await adjustLikes(executor, postId, -1);
  return false;
}

async function adjustLikes(executor: Executor, postId: string, delta: 1 | -1) {
  await executor
    .update(posts)
    .set({ likesCount: sql`${posts.likesCount} + ${delta}` })
    .where(eq(posts.id, postId));
}
