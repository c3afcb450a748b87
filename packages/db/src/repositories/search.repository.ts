import { sql } from 'drizzle-orm';
import type { Executor } from '../client';

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

const escapeLike = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`);

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

/**
 * The search statement. The name conditions are written with the operators the trigram GIN
 * index (`users_username_trgm_idx`, on `username` as it is stored) answers: `ilike`, `<%`
 * (word similarity) and `%` (similarity), which match case-insensitively as `lower()` did; a
 * condition on `lower(username)` or a function compared with a number cannot use it. The
 * thresholds come from `setSearchThresholds`, in the same transaction.
 */
export function searchPeopleQuery(input: PeopleSearch) {
  const q = input.q.trim().toLowerCase();
  const like = `%${escapeLike(q)}%`;
  const prefix = `${escapeLike(q)}%`;
  const roles = input.roles.join(',');
  return sql`
    select u.id, u.username, u.role, u.profile_photo_media_id as "photoMediaId",
      u.state, u.district, u.sports,
      greatest(similarity(u.username, ${q}), word_similarity(${q}, u.username)) as score
    from users u
    where u.role = any(string_to_array(${roles}, ','))
      and u.is_active and u.email_verified_at is not null
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
      )
      and (u.username ilike ${like} or ${q} <% u.username or u.username % ${q})
    order by (u.username ilike ${prefix}) desc, (u.username ilike ${like}) desc,
      score desc, u.username asc, u.id asc
    limit ${input.limit} offset ${input.offset}
  `;
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
