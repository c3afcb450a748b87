import { sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { allOf, cursorOf, olderThan, windowSql, type AdminListPosition } from './admin-paging';
import { containsPattern, rowsOf } from '../sql';

/** An academy account as the administrators see it. */
export type AdminAcademyRow = {
  id: string;
  username: string;
  email: string;
  state: string | null;
  district: string | null;
  sports: string[];
  establishedOn: string | null;
  academyStatus: 'unverified' | 'verified' | 'declined';
  isActive: boolean;
  blockedReason: string | null;
  emailVerified: boolean;
  hasLicence: boolean;
  createdAt: Date | string;
  /** This row's keyset cursor. */
  cursor: string;
};

const academyColumns = sql.raw(`u.id, u.username, u.email, u.state, u.district, u.sports,
  to_char(u.established_on, 'YYYY-MM-DD') as "establishedOn",
  coalesce(u.academy_status, 'unverified') as "academyStatus", u.is_active as "isActive",
  u.blocked_reason as "blockedReason", (u.email_verified_at is not null) as "emailVerified",
  (u.licence_media_id is not null) as "hasLicence", u.created_at as "createdAt"`);

/** `pending` = stored `unverified`; `blocked` = inactive, whatever the verification. */
export type AdminAcademyFilterValue = 'pending' | 'verified' | 'declined' | 'blocked';

/**
 * Academies newest first, after `before` when given: name or e-mail containing `search`
 * (case-insensitive), filtered by verification or blocked state. `limit` rows at most.
 */
export async function listAdminAcademies(
  executor: Executor,
  input: {
    search?: string;
    status?: AdminAcademyFilterValue;
    before?: AdminListPosition;
    offset?: number;
    limit: number;
  },
): Promise<AdminAcademyRow[]> {
  const conditions = [sql`u.role = 'academy'`];
  if (input.search) {
    const like = containsPattern(input.search);
    conditions.push(sql`(u.username ilike ${like} or u.email ilike ${like})`);
  }
  if (input.status === 'pending')
    conditions.push(sql`coalesce(u.academy_status, 'unverified') = 'unverified'`);
  if (input.status === 'verified') conditions.push(sql`u.academy_status = 'verified'`);
  if (input.status === 'declined') conditions.push(sql`u.academy_status = 'declined'`);
  if (input.status === 'blocked') conditions.push(sql`not u.is_active`);
  if (input.before) conditions.push(olderThan('u', input.before));
  const result = await executor.execute(sql`
    select ${academyColumns}, ${cursorOf('u')} as cursor
    from users u
    where ${allOf(conditions)}
    order by u.created_at desc, u.id desc
    ${windowSql(input)}`);
  return rowsOf<AdminAcademyRow>(result);
}

/** One academy (null when the id is not an academy's); `forUpdate` locks its row. */
export async function findAdminAcademy(
  executor: Executor,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<AdminAcademyRow | null> {
  const result = await executor.execute(sql`
    select ${academyColumns}, ${cursorOf('u')} as cursor
    from users u
    where u.id = ${id} and u.role = 'academy'
    ${options.forUpdate ? sql`for update` : sql``}`);
  return rowsOf<AdminAcademyRow>(result)[0] ?? null;
}

/** Sets an academy's verification; false when the id is not an academy's. */
export async function setAcademyStatus(
  executor: Executor,
  id: string,
  status: 'verified' | 'declined',
): Promise<boolean> {
  const result = await executor.execute(sql`
    update users set academy_status = ${status}, updated_at = now()
    where id = ${id} and role = 'academy'
    returning id`);
  return rowsOf<{ id: string }>(result).length === 1;
}

/** Where an academy's licence is stored (private), or null when it has none. */
export async function findAcademyLicence(
  executor: Executor,
  academyId: string,
): Promise<{ key: string; visibility: 'public' | 'private'; contentType: string } | null> {
  const result = await executor.execute(sql`
    select m.key, m.visibility, m.content_type as "contentType"
    from users u
    join media_objects m on m.id = u.licence_media_id
    where u.id = ${academyId} and u.role = 'academy'`);
  return (
    rowsOf<{ key: string; visibility: 'public' | 'private'; contentType: string }>(result)[0] ??
    null
  );
}
