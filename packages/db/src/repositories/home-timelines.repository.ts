import { sql } from 'drizzle-orm';
import { adultCutoffOn, FEED, todayInLagos } from '@touchline/shared';
import type { Database, Executor } from '../client';
import { rowsOf } from '../sql';
import { minorAuthorSql } from './posts.repository';

/**
 * Home timelines, written on post (decision 45). A user's timeline holds the newest posts of their
 * network (themselves, their friends, the academies they follow), at most `cap` of them, and is
 * an exact prefix of that network's order (created_at, id, newest first): every network post at
 * least as new as the timeline's oldest row is in it. Each write below keeps that true, so a read
 * that runs past the timeline's end continues with a keyset query over the network (the feed
 * repository) and answers exactly what the on-read computation answers.
 */

/** A whole number written into the text (LIMIT/OFFSET the planner can read). */
const lit = (n: number) => sql.raw(String(Math.trunc(Number(n))));

/** The newest-first order of a timeline's rows, as the `home_timelines_user_order_idx` index has it. */
const NEWEST = sql.raw('created_at desc nulls last, post_id desc nulls last');

/**
 * Puts one post into the timelines of the next `limit` users of its audience after `after` (id
 * order), in one statement, and keeps each at `cap` rows: for a user whose timeline is full, the
 * post goes in only when it is newer than their `cap`-th row, and that row and every older one
 * go out. Idempotent (a rerun inserts nothing new). Answers the batch's last user id, or null
 * when the audience is exhausted. Nothing for a removed or missing post.
 */
export async function fanOutPostBatch(
  executor: Executor,
  input: {
    postId: string;
    after: string | null;
    limit: number;
    cap: number;
    /**
     * The author's own timeline only: written with the post, so the page the author reads right
     * after posting shows it (the worker's fan-out, moments later, skips it as already there).
     */
    authorOnly?: boolean;
  },
): Promise<{ last: string | null; count: number }> {
  const { postId, after, limit, cap } = input;
  const audience = input.authorOnly
    ? sql`select post.author_id as id from post`
    : sql`select post.author_id as id
        union select friend_id from friendships where user_id = post.author_id
        union select follower_id from follows where academy_id = post.author_id`;
  const result = await executor.execute(sql`
    with post as (
      select id, author_id, created_at from posts where id = ${postId}::uuid and removed_at is null
    ),
    recipients as (
      -- The users whose home timeline shows the author's posts: themselves, friends, followers.
      select a.id from post, lateral (${audience}) a
      where ${after === null ? sql`true` : sql`a.id > ${after}::uuid`}
      order by a.id
      limit ${lit(limit)}
    ),
    bounds as (
      select r.id as user_id, b.created_at, b.post_id
      from recipients r
      left join lateral (
        select h.created_at, h.post_id from home_timelines h
        where h.user_id = r.id
        order by h.${NEWEST}
        offset ${lit(cap - 1)} limit 1
      ) b on true
    ),
    inserted as (
      insert into home_timelines (user_id, post_id, author_id, created_at)
      select b.user_id, post.id, post.author_id, post.created_at
      from bounds b cross join post
      where b.post_id is null or (post.created_at, post.id) > (b.created_at, b.post_id)
      on conflict do nothing
    ),
    -- Runs whether or not it is referenced (a data-modifying WITH runs once).
    trimmed as (
      delete from home_timelines h
      using bounds b, post
      where h.user_id = b.user_id and b.post_id is not null
        and (
          (h.created_at, h.post_id) < (b.created_at, b.post_id)
          or (h.post_id = b.post_id and (post.created_at, post.id) > (b.created_at, b.post_id))
        )
    )
    select (select id from recipients order by id desc limit 1) as last,
      (select count(*)::int from recipients) as count`);
  const row = rowsOf<{ last: string | null; count: number }>(result)[0];
  return { last: row?.last ?? null, count: Number(row?.count ?? 0) };
}

/**
 * A new tie (friendship, follow): `authorId`'s posts newer than the oldest row of `userId`'s
 * timeline go in (at most `cap`), then the timeline is trimmed to `cap`. Older ones are found by
 * the read's keyset continuation, so the timeline stays an exact prefix; an empty timeline stays
 * empty (the read computes it from the network until a new post or `feeds:build` fills it).
 */
export async function mergeAuthorIntoTimeline(
  executor: Executor,
  input: { userId: string; authorId: string; cap: number },
) {
  const { userId, authorId, cap } = input;
  await executor.execute(sql`
    with oldest as (
      select created_at, post_id from home_timelines where user_id = ${userId}::uuid
      order by created_at asc nulls first, post_id asc nulls first limit 1
    )
    insert into home_timelines (user_id, post_id, author_id, created_at)
    select ${userId}::uuid, p.id, p.author_id, p.created_at
    from oldest o
    cross join lateral (
      select p.id, p.author_id, p.created_at from posts p
      where p.author_id = ${authorId}::uuid and p.removed_at is null
        and (p.created_at, p.id) > (o.created_at, o.post_id)
      order by p.created_at desc nulls last, p.id desc nulls last
      limit ${lit(cap)}
    ) p
    on conflict do nothing`);
  await trimTimeline(executor, userId, cap);
  await staleSnapshot(executor, userId);
}

/**
 * The user's feed snapshot stops being reused for page 1 (decision 64): a tie changed, which can
 * move posts below its first page. Later pages still slice it, so nothing shifts under a reader.
 */
async function staleSnapshot(executor: Executor, userId: string) {
  await executor.execute(sql`
    update feed_snapshots set created_at = 'epoch' where user_id = ${userId}::uuid`);
}

/** Keeps the newest `cap` rows of one user's timeline. */
export async function trimTimeline(executor: Executor, userId: string, cap: number) {
  await executor.execute(sql`
    delete from home_timelines h
    using (
      select created_at, post_id from home_timelines where user_id = ${userId}::uuid
      order by ${NEWEST} offset ${lit(cap - 1)} limit 1
    ) b
    where h.user_id = ${userId}::uuid and (h.created_at, h.post_id) < (b.created_at, b.post_id)`);
}

/**
 * A tie ended (unfriend, unfollow, block): `authorId`'s posts leave `userId`'s timeline unless
 * the author is still in their network by another tie. Removing rows keeps the timeline a prefix.
 */
export async function dropAuthorFromTimeline(executor: Executor, userId: string, authorId: string) {
  await executor.execute(sql`
    delete from home_timelines
    where user_id = ${userId}::uuid and author_id = ${authorId}::uuid
      and ${userId}::uuid <> ${authorId}::uuid
      and not exists (
        select 1 from friendships where user_id = ${userId}::uuid and friend_id = ${authorId}::uuid
      )
      and not exists (
        select 1 from follows where follower_id = ${userId}::uuid and academy_id = ${authorId}::uuid
      )`);
  await staleSnapshot(executor, userId);
}

/** Both users' timelines lose the other's posts (unfriend, block). */
export async function dropTieFromTimelines(executor: Executor, a: string, b: string) {
  await dropAuthorFromTimeline(executor, a, b);
  await dropAuthorFromTimeline(executor, b, a);
}

/** A removed post leaves every timeline and the popular ranking (a deleted one cascades). */
export async function dropPostFromTimelines(executor: Executor, postId: string) {
  await executor.execute(sql`
    with t as (delete from home_timelines where post_id = ${postId}::uuid)
    delete from popular_posts where post_id = ${postId}::uuid`);
}

/**
 * Rebuilds the timelines of the next `limit` users after `after` (id order) from the database:
 * each gets the newest `cap` posts of their network. Two statements (delete, insert); run it
 * inside a transaction. Answers the batch's users (none when there are no more); with `userIds`,
 * those users' timelines only.
 */
export async function rebuildTimelinesBatch(
  executor: Executor,
  input: { after: string | null; limit: number; cap: number; userIds?: readonly string[] },
): Promise<string[]> {
  const { after, limit, cap } = input;
  // `userIds`: exactly these users' timelines (the bench's viewers), not the next batch.
  const batch = input.userIds
    ? [...input.userIds]
    : rowsOf<{ id: string }>(
        await executor.execute(sql`
      select id from users
      where ${after === null ? sql`true` : sql`id > ${after}::uuid`}
      order by id limit ${lit(limit)}`),
      ).map((r) => r.id);
  if (batch.length === 0) return batch;
  const ids = sql`(select unnest(${`{${batch.join(',')}}`}::uuid[]) as id)`;
  await executor.execute(
    sql`delete from home_timelines where user_id in (select id from ${ids} u)`,
  );
  await executor.execute(sql`
    insert into home_timelines (user_id, post_id, author_id, created_at)
    select u.id, q.id, q.author_id, q.created_at
    from ${ids} u
    cross join lateral (
      select ap.id, ap.author_id, ap.created_at
      from (
        select u.id as author
        union select friend_id from friendships where user_id = u.id
        union select academy_id from follows where follower_id = u.id
      ) na
      cross join lateral (
        select p.id, p.author_id, p.created_at from posts p
        where p.author_id = na.author and p.removed_at is null
        order by p.created_at desc nulls last, p.id desc nulls last
        limit ${lit(cap)}
      ) ap
      order by ap.created_at desc, ap.id desc
      limit ${lit(cap)}
    ) q
    on conflict do nothing`);
  return batch;
}

/** The scopes a post is ranked in: its author's state and each of their sports. */
export const popularScope = {
  state: (state: string) => `state:${state}`,
  sport: (sport: string) => `sport:${sport}`,
};

/**
 * Ranks the popular posts of the last `days` in every scope (`state:<state>`, `sport:<sport>`)
 * by the feed's score at `now`, keeping the best `perScope` of each: posts not removed, by an
 * active author who is not a minor on `adultCutoff`'s day. Replaces the previous ranking (run it
 * inside a transaction: readers see the old ranking or the new one). Answers the rows written.
 */
export async function rankPopularPosts(
  executor: Executor,
  input: { now: Date; days: number; perScope: number; adultCutoff: string },
): Promise<number> {
  const now = input.now.toISOString();
  await executor.execute(sql`delete from popular_posts`);
  const result = await executor.execute(sql`
    with ranked as (
    insert into popular_posts (scope, post_id, author_id, score, created_at, ranked_at)
    select r.scope, r.id, r.author_id, r.score, r.created_at, ${now}::timestamptz
    from (
      select s.scope, c.id, c.author_id, c.score, c.created_at,
        row_number() over (
          partition by s.scope order by c.score desc, c.created_at desc, c.id desc
        ) as rn
      from (
        select p.id, p.author_id, p.created_at, au.state, au.sports,
          ${popularScoreSql(now)} as score
        from posts p
        join users au on au.id = p.author_id
        where p.created_at > ${now}::timestamptz - make_interval(days => ${input.days})
          and p.removed_at is null and au.reachable
          and not ${minorAuthorSql(input.adultCutoff)}
      ) c
      cross join lateral (
        select 'state:' || c.state as scope where c.state is not null
        union all select 'sport:' || sp from unnest(c.sports) sp
      ) s
    ) r
    where r.rn <= ${lit(input.perScope)}
    returning post_id
    )
    select count(*)::int as n from ranked`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

/**
 * The popular ranking of `now` with the feed's settings (`FEED.popularDays`,
 * `FEED.popularPerScope`, minors by Lagos's day), in one transaction: what the recurring
 * `feeds.rank_popular` job writes, and what `npm run feeds:build`, the seed and the bench run.
 */
export async function rankHomePopular(db: Database, now: Date): Promise<number> {
  return db.transaction((tx) =>
    rankPopularPosts(tx, {
      now,
      days: FEED.popularDays,
      perScope: FEED.popularPerScope,
      adultCutoff: adultCutoffOn(todayInLagos(now)),
    }),
  );
}

/** A popular post's score on the alias `p`: likes and comments, decaying with age. */
export const popularScoreSql = (now: string) => sql`(p.likes_count + 2 * p.comments_total)::float8
  / power(greatest(extract(epoch from (${now}::timestamptz - p.created_at))::float8 / 3600, 0) + 2, 1.5)`;
