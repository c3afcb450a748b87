import { sql } from 'drizzle-orm';
import { notBlockedSql, type PostViewer } from './posts.repository';

/**
 * The snapshot part of the feed page statement (`readFeedPage`): the `snap(post_ids)` relation
 * the page slices, after the `network` and `popular` relations of the order's source.
 */

/** A whole number written into the statement's text (the planner sizes LIMITs it can read). */
const lit = (n: number) => sql.raw(String(Math.trunc(Number(n))));

/**
 * Where the network part of a new snapshot ends when it is full (`networkCap` posts): its oldest
 * post, the keyset position `GET /api/home?before=` continues from (decision 67). No row when the
 * whole network fitted: nothing older is left to continue with.
 */
function networkEndSql(networkCap: number) {
  return sql`network_end as (
      select created_at, id from network
      where (select count(*) from network) >= ${lit(networkCap)}
      order by created_at asc, id asc
      limit 1
    ),`;
}

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
  input: { now: string; pageSize: number; networkCap: number; reuseMs?: number },
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
    stored as (
      select post_ids, created_at, network_count, network_end_at, network_end_id
      from feed_snapshots where user_id = ${v}
    ),
    snapshot_head as (
      select h.post_id, h.created_at
      from home_timelines h
      join users au on au.id = h.author_id
      where h.user_id = ${v} and au.reachable and ${notBlockedSql(sql`h.author_id`, v)}
      order by h.created_at desc nulls last, h.post_id desc nulls last
      limit ${lit(pageSize)}
    ),
    reusable as (select ${reusable} as ok),
    ${networkEndSql(input.networkCap)}
    computed as (
      select array(select id from network order by created_at desc, id desc)
        || array(select id from popular order by score desc, created_at desc, id desc) as post_ids,
        (select count(*) from network)::int as network_count,
        (select created_at from network_end) as network_end_at,
        (select id from network_end) as network_end_id
      where not (select ok from reusable)
    ),
    written as (
      insert into feed_snapshots
        (user_id, post_ids, created_at, network_count, network_end_at, network_end_id)
      select ${v}::uuid, c.post_ids, ${now}::timestamptz, c.network_count, c.network_end_at,
        c.network_end_id
      from computed c
      where not exists (
        select 1 from feed_snapshots s
        where s.user_id = ${v} and s.post_ids = c.post_ids and ${fresh}
      )
      on conflict (user_id) do update
        set post_ids = excluded.post_ids, created_at = excluded.created_at,
          network_count = excluded.network_count, network_end_at = excluded.network_end_at,
          network_end_id = excluded.network_end_id
    ),
    snap as (
      select post_ids, network_count, network_end_at, network_end_id from computed
      union all
      select post_ids, network_count, network_end_at, network_end_id
      from stored where (select ok from reusable)
    ),`;
}

/** A later page: the stored snapshot, built first when the viewer has none. */
export function storedSnapshotSql(viewer: PostViewer, now: string, networkCap: number) {
  const v = viewer.viewerId;
  return sql`
    ${networkEndSql(networkCap)}
    built as (
      insert into feed_snapshots
        (user_id, post_ids, created_at, network_count, network_end_at, network_end_id)
      select ${v}::uuid,
        array(select id from network order by created_at desc, id desc)
          || array(select id from popular order by score desc, created_at desc, id desc),
        ${now}::timestamptz,
        (select count(*) from network)::int,
        (select created_at from network_end),
        (select id from network_end)
      where not exists (select 1 from feed_snapshots where user_id = ${v})
      on conflict (user_id) do update
        set post_ids = excluded.post_ids, created_at = excluded.created_at,
          network_count = excluded.network_count, network_end_at = excluded.network_end_at,
          network_end_id = excluded.network_end_id
      returning post_ids, network_count, network_end_at, network_end_id
    ),
    snap as (
      select post_ids, network_count, network_end_at, network_end_id from built
      union all
      select post_ids, network_count, network_end_at, network_end_id
      from feed_snapshots where user_id = ${v}
    ),`;
}
