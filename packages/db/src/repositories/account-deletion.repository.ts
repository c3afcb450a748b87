import { and, asc, eq, isNotNull, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../client';
import { rowsOf } from '../sql';
import { users } from '../schema';

/**
 * The state of an account's deletion (supplement §15). A deleted account is inactive — hidden
 * wherever a blocked account is, by the same `is_active` — until it is restored or erased.
 */

/**
 * Marks the account deleted: inactive at once, erased after `eraseAfter`. False when there is no
 * such live account (already deleted or erased).
 */
export async function markAccountDeleted(
  tx: Transaction,
  userId: string,
  input: { at: Date; eraseAfter: Date },
): Promise<boolean> {
  const rows = await tx
    .update(users)
    .set({ isActive: false, deletedAt: input.at, eraseAfter: input.eraseAfter })
    .where(and(eq(users.id, userId), isNull(users.deletedAt), isNull(users.erasedAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * Restores a deleted account that is not erased yet: the deletion columns cleared, active again
 * unless an administrator blocked it meanwhile. False when it is not waiting for erasure.
 */
export async function restoreDeletedAccount(tx: Transaction, userId: string): Promise<boolean> {
  const rows = await tx
    .update(users)
    .set({ isActive: sql`${users.blockedAt} is null`, deletedAt: null, eraseAfter: null })
    .where(and(eq(users.id, userId), isNotNull(users.deletedAt), isNull(users.erasedAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Administrators other than `userId` who can still sign in (the last one may not leave). */
export async function countOtherActiveAdmins(executor: Executor, userId: string) {
  const [row] = await executor
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.isActive, true), ne(users.id, userId)));
  return Number(row?.n ?? 0);
}

/** Deleted accounts whose erasure is due at `now`, soonest first (the recurring sweep). */
export async function listErasureDue(executor: Executor, now: Date, limit: number) {
  const rows = await executor
    .select({ id: users.id })
    .from(users)
    .where(and(isNotNull(users.deletedAt), isNull(users.erasedAt), lte(users.eraseAfter, now)))
    .orderBy(asc(users.eraseAfter), asc(users.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** What a deletion would undo, for the owner's confirmation and for the deletion itself. */
export type DeletionFacts = {
  role: 'player' | 'academy' | 'admin';
  hasPassword: boolean;
  googleSub: string | null;
  /** Academies: active trials from `today` on (Lagos date). */
  upcomingTrialIds: string[];
  /** Players: registrations they could still cancel themselves (live, before the deadline). */
  cancellableRegistrationIds: string[];
};

/** The facts a deletion decides on, read in one statement; null for an unknown account. */
export async function readDeletionFacts(
  executor: Executor,
  userId: string,
  today: string,
): Promise<DeletionFacts | null> {
  const result = await executor.execute(sql`
    select u.role, u.password_hash is not null as "hasPassword", u.google_sub as "googleSub",
      coalesce((select array_agg(t.id::text order by t.trial_date) from trials t
        where t.academy_id = u.id and t.status = 'active' and t.trial_date >= ${today}::date),
        '{}'::text[]) as "upcomingTrialIds",
      coalesce((select array_agg(r.id::text order by r.created_at) from trial_registrations r
        join trials t on t.id = r.trial_id
        where r.player_id = u.id and t.status = 'active'
          and ((r.status in ('pending_payment', 'registered') and t.deadline >= ${today}::date)
            -- A waitlist place goes too, so a deleted account is never promoted (decision 49).
            or (r.status = 'waitlisted' and t.trial_date >= ${today}::date))),
        '{}'::text[]) as "cancellableRegistrationIds"
    from users u where u.id = ${userId}::uuid`);
  const [row] = rowsOf<DeletionFacts>(result);
  return row ?? null;
}
