import { sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { executeNamed, preparedStatement, type PreparedStatement } from './named-statements';
import { rowsOf } from '../sql';
import {
  hydratedPostsSql,
  keysetCursorSql,
  minorAuthorSql,
  postFactsSql,
  toPostViewRow,
  visiblePostSql,
  type PostFactsRow,
  type PostViewer,
  type PostViewRow,
} from './posts.repository';
import { networkAuthorsSql, newestByAuthorSql, timelineIdsSql } from './feed-timeline.repository';
import { rebuiltSnapshotSql, storedSnapshotSql } from './feed-snapshot.repository';
import { popularScoreSql as popularScore } from './home-timelines.repository';
import { homeCardOf, homeCardSql, type HomeCardWithHidden } from './home-panels.repository';

/** How the home feed is assembled (the service passes the product's numbers). */
export type FeedRules = {
  pageSize: number;
  /** Newest posts of the viewer, their friends and followed academies kept in a snapshot. */
  networkCap: number;
  /** Popular posts from outside the network appended after them. */
  popularCap: number;
  /** How far back popular posts are looked for. */
  popularDays: number;
  /** How many of the newest posts each part reads first (tests make them small). */
  networkWindow?: number;
  popularWindow?: number;
};

/**
 * The on-read computation (the reference the timeline read is tested against, decision 45).
 * The viewer's feed order, built in SQL: first the network (the viewer, their friends and the
 * academies they follow), newest first; then popular posts of the last days by authors outside
 * the network who share the viewer's state or a sport, by a score that favours likes and
 * comments and decays with age. Minors' posts are never pushed to strangers (unknown dates of
 * birth count as minors). Removed posts, inactive authors and blocks either way are left out.
 */
/**
 * How many of the newest posts the network part looks through first. When they hold a full
 * network share (an active network), the share is exact: every older network post is older than
 * all of them. Otherwise the network's own newest posts are read author by author (index).
 */
const NETWORK_WINDOW = 5000;

/**
 * A whole number written into the statement's text rather than sent as a parameter: the feed runs
 * as a prepared statement with a generic plan, and the planner sizes LIMITs it can read (a
 * parameter LIMIT is guessed small, which picks nested loops over thousands of rows).
 */
const lit = (n: number) => sql.raw(String(Math.trunc(Number(n))));

/**
 * How many of the newest posts the popular part scores first. A post's score falls with age, so
 * when even the largest weight of the period, at the age of the oldest post looked at, scores
 * below the last pick, no older post can enter: the picks are exact without scoring the whole
 * period (`posts_weight_idx` answers that largest weight). Otherwise the whole period is scored.
 */
const POPULAR_WINDOW = 5000;

/** A post the popular part may pick (aliases `p`, `au` its author, `me` the viewer). */
function popularCandidate(viewer: PostViewer, rules: FeedRules, now: string) {
  const v = viewer.viewerId;
  return sql`p.created_at > ${now}::timestamptz - make_interval(days => ${rules.popularDays})
        and p.author_id not in (select id from network_authors)
        and ${visiblePostSql(v)}
        and (au.state = me.state or au.sports && me.sports)
        and not ${minorAuthorSql(viewer.adultCutoff)}`;
}

function snapshotIdsSql(viewer: PostViewer, rules: FeedRules, now: string) {
  const v = viewer.viewerId;
  return sql`
    ${networkAuthorsSql(v)},
    recent_network as (
      select p.id, p.created_at
      from (
        select id, author_id, created_at, removed_at from posts
        order by created_at desc nulls last, id desc nulls last
        limit ${lit(rules.networkWindow ?? NETWORK_WINDOW)}
      ) p
      where p.removed_at is null and p.author_id in (select id from network_ok)
      order by p.created_at desc, p.id desc
      limit ${lit(rules.networkCap)}
    ),
    network as (
      select id, created_at from recent_network
      where (select count(*) from recent_network) >= ${lit(rules.networkCap)}
      union all
      select q.id, q.created_at from ${newestByAuthorSql(lit(rules.networkCap))} q
      where (select count(*) from recent_network) < ${lit(rules.networkCap)}
    ),
    me as (select state, sports from users where id = ${v}),
    newest as (
      select id, author_id, created_at, removed_at, likes_count, comments_total from posts
      order by created_at desc nulls last, id desc nulls last
      limit ${lit(rules.popularWindow ?? POPULAR_WINDOW)}
    ),
    recent_popular as (
      select p.id, p.created_at, ${popularScore(now)} as score
      from newest p
      join users au on au.id = p.author_id
      cross join me
      where ${popularCandidate(viewer, rules, now)}
      order by score desc, p.created_at desc, p.id desc
      limit ${lit(rules.popularCap)}
    ),
    popular_exact as (
      select
        (select count(*) from newest) < ${lit(rules.popularWindow ?? POPULAR_WINDOW)}
        or (
          (select count(*) from recent_popular) >= ${lit(rules.popularCap)}
          and coalesce((
            select max(likes_count + 2 * comments_total) from posts
            where created_at > ${now}::timestamptz - make_interval(days => ${rules.popularDays})
          ), 0)::float8
            / power(greatest(extract(epoch from (${now}::timestamptz
              - (select min(created_at) from newest)))::float8 / 3600, 0) + 2, 1.5)
            < (select min(score) from recent_popular)
        ) as exact
    ),
    popular as (
      select id, created_at, score from recent_popular
      where (select exact from popular_exact)
      union all
      select q.id, q.created_at, q.score from (
        select p.id, p.created_at, ${popularScore(now)} as score
        from posts p
        join users au on au.id = p.author_id
        cross join me
        where ${popularCandidate(viewer, rules, now)}
        order by score desc, p.created_at desc, p.id desc
        limit ${lit(rules.popularCap)}
      ) q
      where not (select exact from popular_exact)
    )`;
}

/**
 * One feed page in one statement. Page 1 (or any page when the viewer has no snapshot yet)
 * builds the ordered post ids and upserts them as the viewer's snapshot; later pages slice the
 * stored snapshot, so posts arriving meanwhile never shift a page. The page's posts come back
 * hydrated; `total` is the snapshot's length (the page is empty past its end). The order comes
 * from the home timeline and the popular ranking (`source: 'timeline'`, the default), or from
 * the on-read computation over every post (`'on_read'`: the reference, same order rules).
 *
 * With `reuse` (the service's page 1, decision 64), page 1 keeps the stored snapshot instead of
 * rebuilding it while it is still what a rebuild would answer as far as anyone can tell: its
 * first page equals the timeline's newest rows, and it is younger than the popular ranking and
 * than `reuseMs`. Ties changing (which can move older posts) delete the snapshot.
 *
 * `next` continues the network's order by cursor (`readFeedBefore`, decision 67) after this page:
 * within the snapshot's network part, the cursor of the page's last post still stored (so the
 * cursor's next page is the numbered next page); from the page that reaches the network part's
 * end on (the popular pages too), the cursor of its last network post when that part was full,
 * null when the whole network fitted. Null for a snapshot written before it counted its network.
 */
export async function readFeedPage(
  executor: Executor,
  viewer: PostViewer,
  input: FeedPageInput,
): Promise<{ total: number; next: string | null; rows: PostViewRow[] }> {
  const { name, pageSql } = feedPageSql(viewer, input, {
    ...pageBounds(input),
    now: input.now.toISOString(),
  });
  const result = await executeNamed(
    executor,
    name,
    sql`${pageSql}
    select meta.total, meta.next, h.*
    from meta left join (${hydratedPostsSql(viewer)}) h on true
    order by h.ord`,
  );
  const rows = rowsOf<{ total: number; next: string | null; id: string | null }>(result);
  return {
    total: Number(rows[0]?.total ?? 0),
    next: rows[0]?.next ?? null,
    rows: rows
      .filter((r) => r.id !== null)
      .map((r) => toPostViewRow(r as unknown as Parameters<typeof toPostViewRow>[0])),
  };
}

type FeedPageInput = {
  page: number;
  rules: FeedRules;
  now: Date;
  source?: 'timeline' | 'on_read';
  reuseMs?: number;
};

/**
 * The home page's one statement when the posts' shared parts are remembered (decision 70): the
 * feed page as `readFeedPage` finds it (the snapshot kept or rebuilt, `total`, `next`), but only
 * the viewer's own facts about its posts (`postFactsSql`), and the viewer's card with the users a
 * block separates from them (`homeCardSql`). Null `card` when the viewer's row is gone.
 */
export async function readHomeFacts(
  executor: Executor,
  viewer: PostViewer,
  input: FeedPageInput,
): Promise<{
  total: number;
  next: string | null;
  facts: PostFactsRow[];
  card: HomeCardWithHidden | null;
}> {
  const result = await homeFactsStatement(input)(executor, {
    ...pageBounds(input),
    viewer: viewer.viewerId,
    admin: viewer.isAdmin,
    cutoff: viewer.adultCutoff,
    now: input.now.toISOString(),
  });
  const rows = rowsOf<
    PostFactsRow & { total: number; next: string | null; card: unknown; id: string | null }
  >(result);
  const first = rows[0];
  return {
    total: Number(first?.total ?? 0),
    next: first?.next ?? null,
    // The card comes as text on every row: parsed once, not once a row by the driver.
    card: first?.card ? homeCardOf(JSON.parse(first.card as string) as HomeCardWithHidden) : null,
    facts: rows
      .filter((r) => r.id !== null)
      .map((r) => ({
        id: r.id!,
        authorId: r.authorId,
        likesCount: Number(r.likesCount),
        commentsCount: Number(r.commentsCount),
        edited: r.edited,
        isLiked: r.isLiked,
        canComment: r.canComment,
        version: r.version,
      })),
  };
}

/** Where a numbered page starts and ends in the snapshot's order (after `offset`, to `pageEnd`). */
function pageBounds(input: Pick<FeedPageInput, 'page' | 'rules'>) {
  const offset = (input.page - 1) * input.rules.pageSize;
  return { offset, pageEnd: offset + input.rules.pageSize };
}

/** `readHomeFacts`'s statements, built once per shape (decision 70). */
const homeFactsStatements = new Map<string, PreparedStatement>();

/**
 * The statement `readHomeFacts` runs for this shape of input, its text built once with
 * placeholders for the viewer, the moment and the page's bounds: building the feed's text (and
 * naming it by its hash) on every request cost more of the API's CPU than reading its answer.
 */
function homeFactsStatement(input: FeedPageInput) {
  const shape = JSON.stringify([
    input.page === 1,
    input.source ?? 'timeline',
    input.reuseMs ?? null,
    input.rules,
  ]);
  let statement = homeFactsStatements.get(shape);
  if (!statement) {
    const viewer: PostViewer = {
      viewerId: sql.placeholder('viewer') as unknown as string,
      isAdmin: sql.placeholder('admin') as unknown as boolean,
      adultCutoff: sql.placeholder('cutoff') as unknown as string,
    };
    const { name, pageSql } = feedPageSql(viewer, input, {
      offset: sql.placeholder('offset') as unknown as number,
      pageEnd: sql.placeholder('pageEnd') as unknown as number,
      now: sql.placeholder('now') as unknown as string,
    });
    statement = preparedStatement(
      `${name}_facts`,
      sql`${pageSql},
    card as (select row_to_json(c)::text as card from (${homeCardSql(viewer.viewerId)}) c)
    select meta.total, meta.next, card.card, f.*
    from meta
    left join card on true
    left join (${postFactsSql(viewer)}) f on true
    order by f.ord`,
    );
    homeFactsStatements.set(shape, statement);
  }
  return statement;
}

/** The `with` clause of a feed page statement up to `meta(total, next)` and `page(post_id, ord)`. */
function feedPageSql(
  viewer: PostViewer,
  input: FeedPageInput,
  at: { offset: number; pageEnd: number; now: string },
) {
  const { page, rules } = input;
  const source = input.source ?? 'timeline';
  const { offset, pageEnd, now } = at;
  const ids =
    source === 'timeline' ? timelineIdsSql(viewer, rules, now) : snapshotIdsSql(viewer, rules, now);
  const snapshot =
    page === 1
      ? rebuiltSnapshotSql(viewer, {
          now,
          pageSize: rules.pageSize,
          networkCap: rules.networkCap,
          reuseMs: input.reuseMs,
        })
      : storedSnapshotSql(viewer, now, rules.networkCap);
  const name = source === 'timeline' ? 'feed' : 'feed_on_read';
  return {
    name: input.reuseMs === undefined ? name : `${name}_reuse`,
    pageSql: sql`
    with ${ids},
    ${snapshot}
    page as (
      select s.post_id, s.ord
      from snap, unnest(snap.post_ids) with ordinality as s(post_id, ord)
      where s.ord > ${offset} and s.ord <= ${pageEnd}
    ),
    continuation as (
      select case
        when s.network_count is null then null
        when ${pageEnd}::int >= s.network_count then (
          select ${keysetCursorSql('ne')}
          from (select s.network_end_at as created_at, s.network_end_id as id) ne
          where ne.id is not null
        )
        else (
          select ${keysetCursorSql('p')}
          from unnest(s.post_ids[1:${pageEnd}::int]) with ordinality u(id, ord)
          join posts p on p.id = u.id
          order by u.ord desc
          limit 1
        )
      end as next_cursor
      from snap s
    ),
    meta as (
      select coalesce(max(cardinality(post_ids)), 0)::int as total,
        (select next_cursor from continuation limit 1) as next
      from snap
    )`,
  };
}
