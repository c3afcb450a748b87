import { sql } from 'drizzle-orm';
import { notBlockedSql, type PostViewer } from './posts.repository';

/**
 * The snapshot part of the feed page statement (`readFeedPage`): the `snap(post_ids)` relation
 * the page slices, after the `network` and `popular` relations of the order's source.
 */

/** A whole number written into the statement's text (the planner sizes LIMITs it can read). */
const lit = (n: number) => sql.raw(String(Math.trunc(Number(n))));

/**
 * Page 1: the order rebuilt from `network` and `popular` and written when it changed. With
 * `reuseMs`, the stored snapshot is kept without rebuilding (decision 64) when
 *
 * - its first page is the timeline's newest `pageSize` rows (authors reachable and not blocked):
 *   a timeline is an exact prefix of the network's order, so a rebuild's first page would be the
 *   same posts — a new post, a removal, a block or a deactivation among them changes it;
 * - it was written after the last popular ranking (`popular_posts` rows all carry one
 *   `ranked_at`) and less than `reuseMs` ago, the safety net;
 * - the ties did not change since: the tie writes delete their users' snapshots
 *   (home-timelines.repository.ts), since they can move older posts.
 *
 * A snapshot rebuilt to the same order is written again only when it was not fresh any more, so
 * a reload stays a read and a rebuilt snapshot becomes reusable again.
 */
export function rebuiltSnapshotSql(
  viewer: PostViewer,
  input: { now: string; pageSize: number; reuseMs?: number },
) {
  const v = viewer.viewerId;
  const { now, pageSize, reuseMs } = input;
  const fresh =
    reuseMs === undefined
      ? sql`true`
      : sql`s.created_at > ${now}::timestamptz - make_interval(secs => ${lit(reuseMs)} / 1000.0)
          and s.created_at >= coalesce(
            (select ranked_at from popular_posts limit 1), '-infinity'::timestamptz)`;
  const reusable =
    reuseMs === undefined
      ? sql`false`
      : sql`(select count(*) from snapshot_head) = ${lit(pageSize)} and exists (
          select 1 from stored s
          where ${fresh}
            and s.post_ids[1:${lit(pageSize)}]
              = array(select post_id from snapshot_head order by created_at desc, post_id desc)
        )`;
  return sql`
    stored as (select post_ids, created_at from feed_snapshots where user_id = ${v}),
    snapshot_head as (
      select h.post_id, h.created_at
      from home_timelines h
      join users au on au.id = h.author_id
      where h.user_id = ${v} and au.reachable and ${notBlockedSql(sql`h.author_id`, v)}
      order by h.created_at desc nulls last, h.post_id desc nulls last
      limit ${lit(pageSize)}
    ),
    reusable as (select ${reusable} as ok),
    computed as (
      select array(select id from network order by created_at desc, id desc)
        || array(select id from popular order by score desc, created_at desc, id desc) as post_ids
      where not (select ok from reusable)
    ),
    written as (
      insert into feed_snapshots (user_id, post_ids, created_at)
      select ${v}::uuid, c.post_ids, ${now}::timestamptz
      from computed c
      where not exists (
        select 1 from feed_snapshots s
        where s.user_id = ${v} and s.post_ids = c.post_ids and ${fresh}
      )
      on conflict (user_id) do update
        set post_ids = excluded.post_ids, created_at = excluded.created_at
    ),
    snap as (
      select post_ids from computed
      union all select post_ids from stored where (select ok from reusable)
    ),`;
}

/** A later page: the stored snapshot, built first when the viewer has none. */
export function storedSnapshotSql(viewer: PostViewer, now: string) {
  const v = viewer.viewerId;
  return sql`
    built as (
      insert into feed_snapshots (user_id, post_ids, created_at)
      select ${v}::uuid,
        array(select id from network order by created_at desc, id desc)
          || array(select id from popular order by score desc, created_at desc, id desc),
        ${now}::timestamptz
      where not exists (select 1 from feed_snapshots where user_id = ${v})
      on conflict (user_id) do update
        set post_ids = excluded.post_ids, created_at = excluded.created_at
      returning post_ids
    ),
    snap as (
      select post_ids from built
      union all select post_ids from feed_snapshots where user_id = ${v}
    ),`;
}
