import { desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { adminAudit } from '../schema';
import { allOf, cursorOf, olderThan, windowSql, type AdminListPosition } from './admin-paging';
import { containsPattern, rowsOf } from '../sql';

export type AdminAuditEntry = {
  /** Null when no administrator acted (the `admin:create` command, a script). */
  actorId: string | null;
  /** `<area>.<verb>`, e.g. `user.dob_corrected`. */
  action: string;
  targetUserId: string | null;
  reason: string;
  details?: Record<string, unknown>;
};

/** Records what an administrator did; call it inside the transaction of the change itself. */
export async function insertAdminAudit(executor: Executor, entry: AdminAuditEntry) {
  const [row] = await executor
    .insert(adminAudit)
    .values({ ...entry, details: entry.details ?? {} })
    .returning();
  return row!;
}

/** One audit record by id (the worker reads a decision's reason from it). */
export async function findAdminAuditById(executor: Executor, id: string) {
  const [row] = await executor.select().from(adminAudit).where(eq(adminAudit.id, id)).limit(1);
  return row ?? null;
}

/** Whether an administrator cancelled the trial (its `trial.cancelled` audit record exists). */
export async function wasTrialCancelledByAdmin(executor: Executor, trialId: string) {
  const [row] = await executor
    .select({ id: adminAudit.id })
    .from(adminAudit)
    .where(
      sql`${adminAudit.action} = 'trial.cancelled' and ${adminAudit.details}->>'trial_id' = ${trialId}`,
    )
    .limit(1);
  return row !== undefined;
}

/** The audit records about one account, newest first. */
export function listAdminAuditFor(executor: Executor, targetUserId: string, limit = 50) {
  return executor
    .select()
    .from(adminAudit)
    .where(eq(adminAudit.targetUserId, targetUserId))
    .orderBy(desc(adminAudit.createdAt), desc(adminAudit.id))
    .limit(limit);
}

/** One audit record with the names of who acted and on whom (null once an account is gone). */
export type AdminAuditRow = {
  id: string;
  action: string;
  reason: string;
  details: Record<string, unknown>;
  actorId: string | null;
  actorName: string | null;
  actorRole: string | null;
  targetId: string | null;
  targetName: string | null;
  targetRole: string | null;
  createdAt: Date | string;
  cursor: string;
};

/**
 * The audit log newest first, after `before` when given: the action, the reason, or the name
 * or e-mail of the administrator or of the account acted on containing `search`.
 */
export async function listAdminAudit(
  executor: Executor,
  input: { search?: string; before?: AdminListPosition; offset?: number; limit: number },
): Promise<AdminAuditRow[]> {
  const conditions = [];
  if (input.search) {
    const like = containsPattern(input.search);
    conditions.push(sql`(a.action ilike ${like} or a.reason ilike ${like}
      or actor.username ilike ${like} or actor.email ilike ${like}
      or target.username ilike ${like} or target.email ilike ${like})`);
  }
  if (input.before) conditions.push(olderThan('a', input.before));
  const result = await executor.execute(sql`
    select a.id, a.action, a.reason, a.details,
      actor.id as "actorId", actor.username as "actorName", actor.role as "actorRole",
      target.id as "targetId", target.username as "targetName", target.role as "targetRole",
      a.created_at as "createdAt", ${cursorOf('a')} as cursor
    from admin_audit a
    left join users actor on actor.id = a.actor_id
    left join users target on target.id = a.target_user_id
    where ${allOf(conditions)}
    order by a.created_at desc, a.id desc
    ${windowSql(input)}`);
  return rowsOf<AdminAuditRow>(result);
}
