import { sql, type SQL } from 'drizzle-orm';
import { minorAuthorSql, notBlockedSql, visiblePostSql, type PostViewer } from './posts.repository';

/** What the timeline read needs of the feed's rules (see `FeedRules`). */
type TimelineRules = { networkCap: number; popularCap: number; popularDays: number };

/** A whole number written into the statement's text (the planner sizes LIMITs it can read). */
const lit = (n: number) => sql.raw(String(Math.trunc(Number(n))));

/**
 * The viewer's network as the feed reads it: `network_authors` (the viewer, their friends, the
 * academies they follow) and `network_ok`, those of them who are reachable and not blocked either
 * way. Two relations of a `with` clause (no trailing comma).
 */
export function networkAuthorsSql(viewerId: string) {
  return sql`network_authors as (
      select ${viewerId}::uuid as id
      union select friend_id from friendships where user_id = ${viewerId}
      union select academy_id from follows where follower_id = ${viewerId}
    ),
    network_ok as (
      select na.id from network_authors na join users au on au.id = na.id
      where au.reachable and ${notBlockedSql(sql`na.id`, viewerId)}
    )`;
}

/**
 * The newest `limit` network posts (of `network_ok`'s authors) matching `where` (on the alias
 * `p`), newest first: each author's by `posts_author_created_idx`, then merged. A subquery of
 * `id, created_at`.
 */
export function newestByAuthorSql(limit: SQL, where: SQL = sql`true`) {
  return sql`(
        select ap.id, ap.created_at
        from network_ok a
        cross join lateral (
          select p.id, p.created_at from posts p
          where p.author_id = a.id and p.removed_at is null and ${where}
          order by p.created_at desc nulls last, p.id desc nulls last
          limit ${limit}
        ) ap
        order by ap.created_at desc, ap.id desc
        limit ${limit}
      )`;
}

/**
 * The feed's two parts read from what the writes prepared (decision 45), as the `network` and
 * `popular` relations the page statement orders (the same names and order rules as the on-read
 * computation in feed.repository.ts, which stays the reference the tests compare against):
 *
 * - network: a range read of the viewer's home timeline (newest first; authors who are not
 *   reachable or blocked either way are skipped). A timeline is an exact prefix of the network's
 *   order, so when it holds fewer rows than the network part wants (a short network, rows taken
 *   out by unfollows or blocks, a timeline not built yet) the rest continues with a keyset query
 *   over the network: each author's posts older than the timeline's oldest row, by index.
 * - popular: the periodic ranking of the viewer's state and sports (`popular_posts`), without
 *   the network's authors, posts the viewer cannot see, minors and posts past the period, best
 *   score first.
 */
export function timelineIdsSql(viewer: PostViewer, rules: TimelineRules, now: string) {
  const v = viewer.viewerId;
  const cap = lit(rules.networkCap);
  return sql`
    ${networkAuthorsSql(v)},
    timeline as (
      select h.post_id as id, h.created_at
      from home_timelines h
      join users au on au.id = h.author_id
      where h.user_id = ${v} and au.reachable and ${notBlockedSql(sql`h.author_id`, v)}
      order by h.created_at desc nulls last, h.post_id desc nulls last
      limit ${cap}
    ),
    timeline_end as (
      select created_at, post_id from home_timelines where user_id = ${v}
      order by created_at asc nulls first, post_id asc nulls first
      limit 1
    ),
    network_rest as (
      select q.id, q.created_at
      from ${newestByAuthorSql(
        cap,
        sql`(
          not exists (select 1 from timeline_end)
          or (p.created_at, p.id) < (select created_at, post_id from timeline_end)
        )`,
      )} q
      where (select count(*) from timeline) < ${cap}
    ),
    network as (
      select id, created_at from timeline
      union all
      select id, created_at from network_rest
      order by created_at desc, id desc
      limit ${cap}
    ),
    me as (select state, sports from users where id = ${v}),
    scopes as (
      select 'state:' || me.state as scope from me where me.state is not null
      union select 'sport:' || sp from me, unnest(me.sports) sp
    ),
    popular as (
      select q.id, q.created_at, q.score from (
        select distinct on (pp.post_id) pp.post_id as id, pp.created_at, pp.score
        from popular_posts pp
        join posts p on p.id = pp.post_id
        join users au on au.id = p.author_id
        where pp.scope in (select scope from scopes)
          and pp.created_at > ${now}::timestamptz - make_interval(days => ${rules.popularDays})
          and p.author_id not in (select id from network_authors)
          and ${visiblePostSql(v)}
          and not ${minorAuthorSql(viewer.adultCutoff)}
        order by pp.post_id
      ) q
      order by q.score desc, q.created_at desc, q.id desc
      limit ${lit(rules.popularCap)}
    )`;
}
