import { sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { containsPattern, escapeLike } from '../sql';

export type PeopleHit = {
  id: string;
  username: string;
  role: 'player' | 'academy';
  photoMediaId: string | null;
  state: string | null;
  district: string | null;
  sports: string[];
  score: number;
};

/** The typo tolerance of name search: pg_trgm's thresholds, set for each search's transaction. */
export const SEARCH_THRESHOLDS = { similarity: 0.3, wordSimilarity: 0.45 } as const;

export type PeopleSearch = {
  viewerId: string;
  q: string;
  roles: ('player' | 'academy')[];
  limit: number;
  offset: number;
  /**
   * Leave out minors who are not the viewer's friends (supplement §13: adult players and
   * unverified academies searching), with the latest adult date of birth of today in Lagos.
   */
  hideMinors?: { adultCutoff: string };
};

/**
 * Sets the thresholds of the `%` and `<%` operators for the current transaction only (the
 * operators read them from settings; the functions' explicit comparisons cannot use the index).
 */
export async function setSearchThresholds(executor: Executor) {
  await executor.execute(sql`select
    set_config('pg_trgm.similarity_threshold', ${String(SEARCH_THRESHOLDS.similarity)}, true),
    set_config('pg_trgm.word_similarity_threshold', ${String(SEARCH_THRESHOLDS.wordSimilarity)}, true)`);
}

/** The people a search may show (without the name condition): one definition for every query. */
function searchablePeopleSql(input: Pick<PeopleSearch, 'viewerId' | 'roles' | 'hideMinors'>) {
  const roles = input.roles.join(',');
  return sql`u.role = any(string_to_array(${roles}, ','))
      and u.reachable and u.email_verified_at is not null
      and (u.role <> 'academy' or u.academy_status = 'verified')
      and u.id <> ${input.viewerId}
      ${
        input.hideMinors
          ? sql`and (u.role <> 'player' or u.dob <= ${input.hideMinors.adultCutoff}::date
              or exists (select 1 from friendships sf where sf.user_id = ${input.viewerId} and sf.friend_id = u.id))`
          : sql``
      }
      and not exists (
        select 1 from blocks b
        where (b.blocker_id = ${input.viewerId} and b.blocked_id = u.id)
           or (b.blocker_id = u.id and b.blocked_id = ${input.viewerId})
      )`;
}

const patternsOf = (text: string) => {
  const q = text.trim().toLowerCase();
  return { q, like: containsPattern(q), prefix: `${escapeLike(q)}%` };
};

/**
 * The search statement. The name conditions are written with the operators the trigram GIN
 * index (`users_username_trgm_idx`, on `username` as it is stored) answers: `ilike`, `<%`
 * (word similarity) and `%` (similarity), which match case-insensitively as `lower()` did; a
 * condition on `lower(username)` or a function compared with a number cannot use it. The
 * thresholds come from `setSearchThresholds`, in the same transaction.
 */
export function searchPeopleQuery(input: PeopleSearch) {
  const { q, like, prefix } = patternsOf(input.q);
  return sql`
    select u.id, u.username, u.role, u.profile_photo_media_id as "photoMediaId",
      u.state, u.district, u.sports,
      greatest(similarity(u.username, ${q}), word_similarity(${q}, u.username)) as score
    from users u
    where ${searchablePeopleSql(input)}
      and (u.username ilike ${like} or ${q} <% u.username or u.username % ${q})
    order by (u.username ilike ${prefix}) desc, (u.username ilike ${like}) desc,
      score desc, u.username asc, u.id asc
    limit ${input.limit} offset ${input.offset}
  `;
}

export type TrialHit = {
  id: string;
  name: string;
  photoMediaId: string | null;
  state: string;
  district: string;
  venue: string;
  trialDate: string;
  academyName: string;
  score: number;
};

export type TrialSearch = {
  viewerId: string;
  q: string;
  /** Today in Lagos (YYYY-MM-DD): trials whose deadline is before it are no longer open. */
  today: string;
  limit: number;
  offset: number;
};

/**
 * The open trials a search may show (supplement §9): active, registration deadline not passed
 * (so the trial day is not past either), run by an active verified academy that no block
 * separates from the viewer, and matching `q` on the name, the venue or the district. Each
 * condition is one the trigram indexes on those columns answer.
 */
function trialHitsSql(input: TrialSearch) {
  const { q, like, prefix } = patternsOf(input.q);
  return sql`
    select 'trial'::text as kind, t.id, t.name, null::text as role,
      t.image_media_id as "photoMediaId", t.state, t.district, null::text[] as sports,
      t.venue, t.trial_date::text as "trialDate", a.username as "academyName",
      greatest(similarity(t.name, ${q}), word_similarity(${q}, t.name),
        word_similarity(${q}, t.venue), word_similarity(${q}, t.district)) as score,
      (t.name ilike ${prefix}) as prefix_match,
      (t.name ilike ${like} or t.venue ilike ${like} or t.district ilike ${like}) as infix_match
    from trials t join users a on a.id = t.academy_id
    where t.status = 'active' and t.deadline >= ${input.today}::date
      and a.is_active and a.academy_status = 'verified'
      and not exists (
        select 1 from blocks b
        where (b.blocker_id = ${input.viewerId} and b.blocked_id = t.academy_id)
           or (b.blocker_id = t.academy_id and b.blocked_id = ${input.viewerId})
      )
      and (t.name ilike ${like} or ${q} <% t.name or t.name % ${q}
        or t.venue ilike ${like} or ${q} <% t.venue
        or t.district ilike ${like} or ${q} <% t.district)`;
}

const HIT_ORDER = sql.raw(
  'order by prefix_match desc, infix_match desc, score desc, name asc, id asc',
);

/** Open trials matching `q` (name, venue, district), best match first. */
export function searchTrialsQuery(input: TrialSearch) {
  return sql`select * from (${trialHitsSql(input)}) hits ${HIT_ORDER}
    limit ${input.limit} offset ${input.offset}`;
}

export type SearchHit = ({ kind: 'person' } & PeopleHit) | ({ kind: 'trial' } & TrialHit);

/**
 * People and open trials in one ranked list (the 'All' tab and the navbar suggestions): the
 * same order as each list alone (prefix matches, then substring matches, then similarity).
 */
export function searchAllQuery(input: PeopleSearch & { today: string }) {
  const { q, like, prefix } = patternsOf(input.q);
  return sql`
    select * from (
      select 'person'::text as kind, u.id, u.username as name, u.role,
        u.profile_photo_media_id as "photoMediaId", u.state, u.district, u.sports,
        null::text as venue, null::text as "trialDate", null::text as "academyName",
        greatest(similarity(u.username, ${q}), word_similarity(${q}, u.username)) as score,
        (u.username ilike ${prefix}) as prefix_match, (u.username ilike ${like}) as infix_match
      from users u
      where ${searchablePeopleSql(input)}
        and (u.username ilike ${like} or ${q} <% u.username or u.username % ${q})
      union all
      ${trialHitsSql(input)}
    ) hits ${HIT_ORDER}
    limit ${input.limit} offset ${input.offset}`;
}

type RawHit = {
  kind: 'person' | 'trial';
  id: string;
  name: string;
  role: 'player' | 'academy' | null;
  photoMediaId: string | null;
  state: string | null;
  district: string | null;
  sports: string[] | null;
  venue: string | null;
  trialDate: string | null;
  academyName: string | null;
  score: number | string;
};

const toHit = (r: RawHit): SearchHit =>
  r.kind === 'trial'
    ? {
        kind: 'trial',
        id: r.id,
        name: r.name,
        photoMediaId: r.photoMediaId,
        state: r.state ?? '',
        district: r.district ?? '',
        venue: r.venue ?? '',
        trialDate: r.trialDate ?? '',
        academyName: r.academyName ?? '',
        score: Number(r.score),
      }
    : {
        kind: 'person',
        id: r.id,
        username: r.name,
        role: r.role ?? 'player',
        photoMediaId: r.photoMediaId,
        state: r.state,
        district: r.district,
        sports: r.sports ?? [],
        score: Number(r.score),
      };

async function runHits(executor: Executor, query: ReturnType<typeof sql>) {
  const result = await executor.transaction(async (tx) => {
    await setSearchThresholds(tx);
    return tx.execute(query);
  });
  return (result as unknown as { rows: RawHit[] }).rows.map(toHit);
}

/** Open trials whose name, venue or district matches `q`, with typo tolerance. */
export async function searchTrials(executor: Executor, input: TrialSearch): Promise<TrialHit[]> {
  const hits = await runHits(executor, searchTrialsQuery(input));
  return hits.flatMap((h) => (h.kind === 'trial' ? [h] : []));
}

/** Players, academies (as `searchPeople` finds them) and open trials, in one ranked list. */
export async function searchAll(
  executor: Executor,
  input: PeopleSearch & { today: string },
): Promise<SearchHit[]> {
  return runHits(executor, searchAllQuery(input));
}

/**
 * Players and academies whose name matches `q`: substring matches first (prefix before infix),
 * then trigram similarity, which tolerates typos ("Bakre" finds "Bakare"). Never the viewer,
 * blocked users either way, inactive or unverified accounts, academies not yet verified, or
 * (with `hideMinors`) minors who are not the viewer's friends.
 */
export async function searchPeople(executor: Executor, input: PeopleSearch): Promise<PeopleHit[]> {
  const result = await executor.transaction(async (tx) => {
    await setSearchThresholds(tx);
    return tx.execute(searchPeopleQuery(input));
  });
  return (result as unknown as { rows: PeopleHit[] }).rows.map((r) => ({
    ...r,
    score: Number(r.score),
  }));
}
