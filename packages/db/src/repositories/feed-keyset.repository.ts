import { sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { networkAuthorsSql, newestByAuthorSql } from './feed-timeline.repository';
import { executeNamed } from './named-statements';
import { rowsOf } from '../sql';
import {
  hydratedPostsSql,
  keysetCursorSql,
  notBlockedSql,
  toPostViewRow,
  type PostCursor,
  type PostViewer,
  type PostViewRow,
} from './posts.repository';

/** A whole number written into the statement's text (the planner sizes LIMITs it can read). */
const lit = (n: number) => sql.raw(String(Math.trunc(Number(n))));

/**
 * At most how many posts older than the cursor (all authors, by `posts_created_idx`) the page
 * walks first, each checked against the network (its author the viewer, a friend or a followed
 * academy, reachable, no block) by index, stopping at a page and one. When the walk finds them,
 * the page is exact: every older network post is older than all of them. Otherwise (a sparse
 * network, or the network's end) the network's authors are read one by one, by
 * `posts_author_created_idx`. Either way the cost is bounded by this window or the number of
 * authors, never by the depth.
 */
const KEYSET_WINDOW = 2000;

/**
 * `GET /api/home?before=<cursor>` (decision 67): the viewer's network posts — their own, their
 * friends', the academies they follow; authors reachable and not blocked either way, the same
 * rules as the feed's network part — strictly older than `before` in (created_at, id) order,
 * newest first, hydrated (visibility and §13 re-checked as on every feed page), in one
 * statement. `next` is the cursor of the page's last keyset row when more exist (from the keyset
 * rows, so a post hydration leaves out never ends the walk early).
 */
export async function readFeedBefore(
  executor: Executor,
  viewer: PostViewer,
  input: { before: PostCursor; pageSize: number; window?: number },
): Promise<{ next: string | null; rows: PostViewRow[] }> {
  const v = viewer.viewerId;
  const size = input.pageSize;
  const window = input.window ?? KEYSET_WINDOW;
  const older = (alias: string) =>
    sql`(${sql.raw(alias)}.created_at, ${sql.raw(alias)}.id)
      < (${input.before.createdAt}::timestamptz, ${input.before.id}::uuid)`;
  const result = await executeNamed(
    executor,
    input.window === undefined ? 'feed_before' : `feed_before_${window}`,
    sql`
    with ${networkAuthorsSql(v)},
    recent as (
      select w.id, w.created_at
      from (
        select p.id, p.author_id, p.created_at from posts p
        where ${older('p')} and p.removed_at is null
        order by p.created_at desc nulls last, p.id desc nulls last
        limit ${lit(window)}
      ) w
      -- Per row, by primary key (a lateral is never hashed: the walk stops after a page and one).
      cross join lateral (
        select 1 as tie where w.author_id = ${v}
        union all
        select 1 from friendships f where f.user_id = ${v} and f.friend_id = w.author_id
        union all
        select 1 from follows fo where fo.follower_id = ${v} and fo.academy_id = w.author_id
        limit 1
      ) tie
      join users au on au.id = w.author_id
      where au.reachable and ${notBlockedSql(sql`w.author_id`, v)}
      order by w.created_at desc nulls last, w.id desc nulls last
      limit ${lit(size + 1)}
    ),
    exact as (select (select count(*) from recent) > ${lit(size)} as ok),
    keyset as (
      select id, created_at from recent where (select ok from exact)
      union all
      select q.id, q.created_at from ${newestByAuthorSql(lit(size + 1), older('p'))} q
      where not (select ok from exact)
    ),
    numbered as (
      select k.id, k.created_at, row_number() over (order by k.created_at desc, k.id desc) as ord
      from keyset k
    ),
    page as (select id as post_id, ord from numbered where ord <= ${lit(size)}),
    meta as (
      select (select ${keysetCursorSql('n')} from numbered n where n.ord = ${lit(size)})
        as next_cursor,
        (select count(*) from numbered) > ${lit(size)} as more
    )
    select meta.next_cursor as "nextCursor", meta.more, h.*
    from meta left join (${hydratedPostsSql(viewer)}) h on true
    order by h.ord`,
  );
  const rows = rowsOf<{ nextCursor: string | null; more: boolean; id: string | null }>(result);
  const first = rows[0];
  return {
    next: first?.more ? first.nextCursor : null,
    rows: rows
      .filter((r) => r.id !== null)
      .map((r) => toPostViewRow(r as unknown as Parameters<typeof toPostViewRow>[0])),
  };
}
