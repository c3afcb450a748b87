import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../client';
import { adminAudit } from '../schema';

export type AdminAuditEntry = {
  actorId: string;
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

/** The audit records about one account, newest first. */
export function listAdminAuditFor(executor: Executor, targetUserId: string, limit = 50) {
  return executor
    .select()
    .from(adminAudit)
    .where(eq(adminAudit.targetUserId, targetUserId))
    .orderBy(desc(adminAudit.createdAt), desc(adminAudit.id))
    .limit(limit);
}
