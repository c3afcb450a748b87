import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../client';
import { executeNamed } from './named-statements';
import { mediaJson, rowsOf, type MediaRef } from '../sql';
import { notBlockedSql } from './posts.repository';

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

/** The viewer's summary card. */
export type HomeCardRow = {
  username: string;
  role: 'player' | 'academy' | 'admin';
  bio: string;
  openToWork: boolean;
  photo: MediaRef | null;
  friendsCount: number;
  followersCount: number;
  postCount: number;
  achievementsCount: number;
};

export type HomePanelsRow = HomeCardRow & {
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

/** The card's columns on the aliases `u` (the viewer), `pr` and `um`. */
const cardColumns = sql`u.username, u.role, coalesce(pr.bio, '') as bio,
      (u.role = 'player' and coalesce(pr.open_to_work, false)) as "openToWork",
      ${mediaJson('um')} as photo,
      -- Reachable friends: all of them minus the unreachable ones, found from the few
      -- unreachable accounts (users_unreachable_idx), not by reading every friend's row.
      ((select count(*) from friendships f where f.user_id = u.id)
        - (select count(*) from users fu join friendships f
            on f.user_id = u.id and f.friend_id = fu.id
          where not fu.reachable))::int as "friendsCount",
      (select count(*) from follows f join users fu on fu.id = f.follower_id
        where f.academy_id = u.id and fu.reachable)::int as "followersCount",
      (select count(*)::int from posts p where p.author_id = u.id and p.removed_at is null)
        as "postCount",
      (select count(*)::int from achievements a where a.user_id = u.id) as "achievementsCount"`;

const viewerFrom = (viewerId: string) => sql`
    from users u
    left join profiles pr on pr.user_id = u.id
    left join media_objects um on um.id = u.profile_photo_media_id
    where u.id = ${viewerId}`;

/**
 * The most followed active verified academies as one json list (`seenBy`: never the viewer, no
 * block either way; without it the list every viewer shares).
 */
function academiesSql(limit: number, seenBy: string | null) {
  const forViewer =
    seenBy === null ? sql`` : sql`and x.id <> ${seenBy} and ${notBlockedSql(sql`x.id`, seenBy)}`;
  return sql`(
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
          where x.role = 'academy' and x.reachable and x.academy_status = 'verified' ${forViewer}
          order by followers desc, x.username, x.id
          limit ${limit}
        ) t
      )`;
}

/**
 * The open trials with the most registrations, then the soonest (active, deadline today or
 * later, by an active verified academy), with their academy (`seenBy`: no block either way).
 */
function trialsSql(limit: number, today: string, seenBy: string | null) {
  const forViewer: SQL =
    seenBy === null ? sql`` : sql`and ${notBlockedSql(sql`tr.academy_id`, seenBy)}`;
  return sql`(
        select coalesce(json_agg(json_build_object('id', t.id, 'name', t.name,
          'district', t.district, 'state', t.state, 'image', t.image,
          'academyId', t.academy_id) order by t.ord), '[]'::json)
        from (
          select tr.id, tr.name, tr.district, tr.state, tr.academy_id,
            ${mediaJson('tm')} as image,
            row_number() over (order by tr.registered_count desc, tr.trial_date, tr.name, tr.id)
              as ord
          from trials tr
          join users ta on ta.id = tr.academy_id
          left join media_objects tm on tm.id = tr.image_media_id
          where tr.status = 'active' and tr.deadline >= ${today}::date
            and ta.reachable and ta.academy_status = 'verified' ${forViewer}
          order by ord
          limit ${limit}
        ) t
      )`;
}

function cardOf<T extends HomeCardRow>(row: T): T {
  return {
    ...row,
    friendsCount: Number(row.friendsCount),
    followersCount: Number(row.followersCount),
    postCount: Number(row.postCount),
    achievementsCount: Number(row.achievementsCount),
  };
}

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
  const result = await executeNamed(
    executor,
    'home_panels',
    sql`
    select ${cardColumns},
      ${academiesSql(academiesLimit, viewerId)} as academies,
      ${trialsSql(trialsLimit, today, viewerId)} as trials
    ${viewerFrom(viewerId)}`,
  );
  const row = rowsOf<HomePanelsRow>(result)[0];
  return row ? cardOf(row) : null;
}

/** The viewer's card and the users a block separates from them (either way). */
export type HomeCardWithHidden = HomeCardRow & { hidden: string[] };

/** `homeCardSql`'s row as it comes back (inside json too): counts as numbers, `hidden` a list. */
export function homeCardOf(row: HomeCardWithHidden): HomeCardWithHidden {
  return { ...cardOf(row), hidden: row.hidden ?? [] };
}

/** The viewer's card with `hidden` (one row, none when the viewer is gone): a subquery. */
export function homeCardSql(viewerId: string) {
  return sql`
    select ${cardColumns},
      array(
        select blocked_id from blocks where blocker_id = u.id
        union select blocker_id from blocks where blocked_id = u.id
      )::text[] as hidden
    ${viewerFrom(viewerId)}`;
}

/** The lists every viewer shares, unfiltered (`readHomeCard` with `leaders`, alone). */
export async function readHomeLeaders(
  executor: Executor,
  input: HomePanelsInput,
): Promise<HomeLeaders> {
  const result = await executeNamed(
    executor,
    'home_leaders',
    sql`select ${academiesSql(input.academiesLimit, null)} as academies,
      ${trialsSql(input.trialsLimit, input.today, null)} as trials`,
  );
  const row = rowsOf<HomeLeaders>(result)[0]!;
  return { academies: row.academies ?? [], trials: row.trials ?? [] };
}

/** The lists every viewer shares (filtered per viewer by the caller), with each trial's academy. */
export type HomeLeaders = {
  academies: HomeAcademyRow[];
  trials: (HomeTrialRow & { academyId: string })[];
};

/**
 * The viewer's card and the users a block separates from them (either way), in one statement;
 * with `leaders`, also the lists every viewer shares (the most followed academies and the top
 * open trials, unfiltered: the caller leaves out the viewer and blocked academies), which a
 * per-instance cache keeps for a while (decision 64).
 */
export async function readHomeCard(
  executor: Executor,
  viewerId: string,
  leaders: HomePanelsInput | null,
): Promise<(HomeCardRow & { hidden: string[]; leaders: HomeLeaders | null }) | null> {
  const lists =
    leaders === null
      ? sql`null::json as academies, null::json as trials`
      : sql`${academiesSql(leaders.academiesLimit, null)} as academies,
      ${trialsSql(leaders.trialsLimit, leaders.today, null)} as trials`;
  const result = await executeNamed(
    executor,
    leaders === null ? 'home_card' : 'home_card_leaders',
    sql`
    select ${cardColumns},
      array(
        select blocked_id from blocks where blocker_id = u.id
        union select blocker_id from blocks where blocked_id = u.id
      )::text[] as hidden,
      ${lists}
    ${viewerFrom(viewerId)}`,
  );
  const row = rowsOf<
    HomeCardRow & {
      hidden: string[];
      academies: HomeLeaders['academies'] | null;
      trials: HomeLeaders['trials'] | null;
    }
  >(result)[0];
  if (!row) return null;
  const { academies, trials, ...card } = row;
  return {
    ...cardOf(card),
    hidden: card.hidden ?? [],
    leaders: academies && trials ? { academies, trials } : null,
  };
}
