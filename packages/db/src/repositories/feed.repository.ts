import { sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { executeNamed } from './named-statements';
import { mediaJson, rowsOf, type MediaRef } from '../sql';
import {
  hydratedPostsSql,
  minorAuthorSql,
  notBlockedSql,
  toPostViewRow,
  visiblePostSql,
  type PostViewer,
  type PostViewRow,
} from './posts.repository';
import { timelineIdsSql } from './feed-timeline.repository';
import { popularScoreSql as popularScore } from './home-timelines.repository';

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
    network_authors as (
      select ${v}::uuid as id
      union select friend_id from friendships where user_id = ${v}
      union select academy_id from follows where follower_id = ${v}
    ),
    network_ok as (
      select na.id from network_authors na join users au on au.id = na.id
      where au.reachable and ${notBlockedSql(sql`na.id`, v)}
    ),
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
      select q.id, q.created_at from (
        select ap.id, ap.created_at
        from network_ok a
        cross join lateral (
          select p.id, p.created_at from posts p
          where p.author_id = a.id and p.removed_at is null
          order by p.created_at desc nulls last, p.id desc nulls last
          limit ${lit(rules.networkCap)}
        ) ap
        order by ap.created_at desc, ap.id desc
        limit ${lit(rules.networkCap)}
      ) q
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
 */
export async function readFeedPage(
  executor: Executor,
  viewer: PostViewer,
  input: { page: number; rules: FeedRules; now: Date; source?: 'timeline' | 'on_read' },
): Promise<{ total: number; rows: PostViewRow[] }> {
  const { page, rules } = input;
  const source = input.source ?? 'timeline';
  const v = viewer.viewerId;
  const now = input.now.toISOString();
  const rebuild = page === 1;
  const offset = (page - 1) * rules.pageSize;
  // Page 1 rebuilds the order but writes it only when it changed: an unchanged snapshot costs
  // no row lock, no WAL and no commit flush (a reload of the home page is a read).
  const snapshot = rebuild
    ? sql`
    computed as (
      select array(select id from network order by created_at desc, id desc)
        || array(select id from popular order by score desc, created_at desc, id desc) as post_ids
    ),
    written as (
      insert into feed_snapshots (user_id, post_ids, created_at)
      select ${v}::uuid, c.post_ids, ${now}::timestamptz
      from computed c
      where not exists (
        select 1 from feed_snapshots s where s.user_id = ${v} and s.post_ids = c.post_ids
      )
      on conflict (user_id) do update
        set post_ids = excluded.post_ids, created_at = excluded.created_at
    ),
    snap as (select post_ids from computed),`
    : sql`
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
  const ids =
    source === 'timeline' ? timelineIdsSql(viewer, rules, now) : snapshotIdsSql(viewer, rules, now);
  const result = await executeNamed(
    executor,
    source === 'timeline' ? 'feed' : 'feed_on_read',
    sql`
    with ${ids},
    ${snapshot}
    page as (
      select s.post_id, s.ord
      from snap, unnest(snap.post_ids) with ordinality as s(post_id, ord)
      where s.ord > ${offset} and s.ord <= ${offset + rules.pageSize}
    ),
    meta as (select coalesce(max(cardinality(post_ids)), 0)::int as total from snap)
    select meta.total, h.*
    from meta left join (${hydratedPostsSql(viewer)}) h on true
    order by h.ord`,
  );
  const rows = rowsOf<{ total: number; id: string | null }>(result);
  return {
    total: Number(rows[0]?.total ?? 0),
    rows: rows
      .filter((r) => r.id !== null)
      .map((r) => toPostViewRow(r as unknown as Parameters<typeof toPostViewRow>[0])),
  };
}

export type HomeAcademyRow = {
  id: string;
  username: string;
  district: string | null;
  state: string | null;
  photo: MediaRef | null;
};

export type HomeTrialRow = {
  id: string;
  name: string;
  district: string;
  state: string;
  image: MediaRef | null;
};

export type HomePanelsRow = {
  username: string;
  role: 'player' | 'academy' | 'admin';
  bio: string;
  openToWork: boolean;
  photo: MediaRef | null;
  friendsCount: number;
  followersCount: number;
  postCount: number;
  achievementsCount: number;
  academies: HomeAcademyRow[];
  trials: HomeTrialRow[];
};

/** How many rows each list of the home page's side panels shows. */
export type HomePanelsInput = {
  academiesLimit: number;
  trialsLimit: number;
  /** Today in Lagos (YYYY-MM-DD): trials whose deadline is before it are closed. */
  today: string;
};

/**
 * The home page's side panels in one statement: the viewer's summary card with its counts, the
 * most followed verified academies the viewer can see (never themselves), and the top open
 * trials: active, registration still open (deadline today or later), by an active verified
 * academy no block separates from the viewer; the most registrations first, then the soonest.
 */
export async function readHomePanels(
  executor: Executor,
  viewerId: string,
  input: HomePanelsInput,
): Promise<HomePanelsRow | null> {
  const { academiesLimit, trialsLimit, today } = input;
  const followers = (academy: string) =>
    sql.raw(`(select count(*) from follows f join users fu on fu.id = f.follower_id
      where f.academy_id = ${academy} and fu.reachable)`);
  const result = await executeNamed(
    executor,
    'home_panels',
    sql`
    select u.username, u.role, coalesce(pr.bio, '') as bio,
      (u.role = 'player' and coalesce(pr.open_to_work, false)) as "openToWork",
      ${mediaJson('um')} as photo,
      (select count(*)::int from friendships f join users fu on fu.id = f.friend_id
        where f.user_id = u.id and fu.reachable) as "friendsCount",
      ${followers('u.id')}::int as "followersCount",
      (select count(*)::int from posts p where p.author_id = u.id and p.removed_at is null)
        as "postCount",
      (select count(*)::int from achievements a where a.user_id = u.id) as "achievementsCount",
      (
        select coalesce(json_agg(json_build_object('id', t.id, 'username', t.username,
          'district', t.district, 'state', t.state, 'photo', t.photo)
          order by t.followers desc, t.username, t.id), '[]'::json)
        from (
          select x.id, x.username, x.district, x.state, ${mediaJson('xm')} as photo,
            coalesce(fc.n, 0) as followers
          from users x left join media_objects xm on xm.id = x.profile_photo_media_id
          left join (
            -- Every academy's active followers in one grouped pass (not a count per academy).
            select f.academy_id, count(*) as n
            from follows f join users fu on fu.id = f.follower_id
            where fu.reachable
            group by f.academy_id
          ) fc on fc.academy_id = x.id
          where x.role = 'academy' and x.reachable and x.academy_status = 'verified'
            and x.id <> u.id and ${notBlockedSql(sql`x.id`, viewerId)}
          order by followers desc, x.username, x.id
          limit ${academiesLimit}
        ) t
      ) as academies,
      (
        select coalesce(json_agg(json_build_object('id', t.id, 'name', t.name,
          'district', t.district, 'state', t.state, 'image', t.image)
          order by t.ord), '[]'::json)
        from (
          select tr.id, tr.name, tr.district, tr.state, ${mediaJson('tm')} as image,
            row_number() over (order by tr.registered_count desc, tr.trial_date, tr.name, tr.id)
              as ord
          from trials tr
          join users ta on ta.id = tr.academy_id
          left join media_objects tm on tm.id = tr.image_media_id
          where tr.status = 'active' and tr.deadline >= ${today}::date
            and ta.reachable and ta.academy_status = 'verified'
            and ${notBlockedSql(sql`tr.academy_id`, viewerId)}
          order by ord
          limit ${trialsLimit}
        ) t
      ) as trials
    from users u
    left join profiles pr on pr.user_id = u.id
    left join media_objects um on um.id = u.profile_photo_media_id
    where u.id = ${viewerId}`,
  );
  const row = rowsOf<HomePanelsRow>(result)[0];
  if (!row) return null;
  return {
    ...row,
    friendsCount: Number(row.friendsCount),
    followersCount: Number(row.followersCount),
    postCount: Number(row.postCount),
    achievementsCount: Number(row.achievementsCount),
  };
}
