import { sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { allOf, cursorOf, olderThan, windowSql, type AdminListPosition } from './admin-paging';
import { containsPattern, rowsOf } from '../sql';

/** A player account as the administrators see it (the date of birth included, §13). */
export type AdminPlayerRow = {
  id: string;
  username: string;
  email: string;
  state: string | null;
  district: string | null;
  sports: string[];
  dob: string | null;
  isActive: boolean;
  blockedReason: string | null;
  emailVerified: boolean;
  createdAt: Date | string;
  cursor: string;
};

/** Players newest first, after `before` when given, name or e-mail containing `search`. */
export async function listAdminPlayers(
  executor: Executor,
  input: { search?: string; before?: AdminListPosition; offset?: number; limit: number },
): Promise<AdminPlayerRow[]> {
  const conditions = [sql`u.role = 'player'`];
  if (input.search) {
    const like = containsPattern(input.search);
    conditions.push(sql`(u.username ilike ${like} or u.email ilike ${like})`);
  }
  if (input.before) conditions.push(olderThan('u', input.before));
  const result = await executor.execute(sql`
    select u.id, u.username, u.email, u.state, u.district, u.sports,
      to_char(u.dob, 'YYYY-MM-DD') as dob, u.is_active as "isActive",
      u.blocked_reason as "blockedReason", (u.email_verified_at is not null) as "emailVerified",
      u.created_at as "createdAt", ${cursorOf('u')} as cursor
    from users u
    where ${allOf(conditions)}
    order by u.created_at desc, u.id desc
    ${windowSql(input)}`);
  return rowsOf<AdminPlayerRow>(result);
}
