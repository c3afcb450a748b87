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

/**
 * Players and academies whose name matches `q`: substring matches first (prefix before infix),
 * then trigram similarity, which tolerates typos ("Bakre" finds "Bakare"). Never the viewer,
 * blocked users either way, inactive or unverified accounts, or academies not yet verified.
 */
export async function searchPeople(
  executor: Executor,
  input: {
    viewerId: string;
    q: string;
    roles: ('player' | 'academy')[];
    limit: number;
    offset: number;
  },
): Promise<PeopleHit[]> {
  const q = input.q.trim().toLowerCase();
  const like = `%${escapeLike(q)}%`;
  const prefix = `${escapeLike(q)}%`;
  const roles = input.roles.join(',');
  const result = await executor.execute(sql`
    select u.id, u.username, u.role, u.profile_photo_media_id as "photoMediaId",
      u.state, u.district, u.sports,
      greatest(similarity(lower(u.username), ${q}), word_similarity(${q}, lower(u.username))) as score
    from users u
    where u.role = any(string_to_array(${roles}, ','))
      and u.is_active and u.email_verified_at is not null
      and (u.role <> 'academy' or u.academy_status = 'verified')
      and u.id <> ${input.viewerId}
      and not exists (
        select 1 from blocks b
        where (b.blocker_id = ${input.viewerId} and b.blocked_id = u.id)
           or (b.blocker_id = u.id and b.blocked_id = ${input.viewerId})
      )
      and (
        lower(u.username) like ${like}
        or word_similarity(${q}, lower(u.username)) >= 0.45
        or similarity(lower(u.username), ${q}) >= 0.3
      )
    order by (lower(u.username) like ${prefix}) desc, (lower(u.username) like ${like}) desc,
      score desc, u.username asc, u.id asc
    limit ${input.limit} offset ${input.offset}
  `);
  return (result as unknown as { rows: PeopleHit[] }).rows.map((r) => ({
    ...r,
    score: Number(r.score),
  }));
}
