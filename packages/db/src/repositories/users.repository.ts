import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { users } from '../schema';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/** Inserts a user; the e-mail is stored lower-cased (the unique index relies on it). */
export async function insertUser(executor: Executor, input: NewUser): Promise<UserRow> {
  const [row] = await executor
    .insert(users)
    .values({ ...input, email: input.email.toLowerCase() })
    .returning();
  return row!;
}

export async function findUserById(executor: Executor, id: string): Promise<UserRow | null> {
  const [row] = await executor.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

/** The user's row, locked until the transaction ends (a once-only field is checked and set). */
export async function lockUserRow(executor: Executor, id: string): Promise<UserRow | null> {
  const [row] = await executor.select().from(users).where(eq(users.id, id)).for('update');
  return row ?? null;
}

/** Case-insensitive: e-mails are stored lower-cased. */
export async function findUserByEmail(executor: Executor, email: string): Promise<UserRow | null> {
  const [row] = await executor.select().from(users).where(eq(users.email, email.toLowerCase()));
  return row ?? null;
}

/**
 * Activates or deactivates (blocks) a user. Deactivating records when and why; activating clears
 * both, and makes the account active again unless its owner deleted it (a deleted account stays
 * hidden until it is restored or erased). True when the user exists.
 */
export async function setUserActive(
  executor: Executor,
  id: string,
  active: boolean,
  reason?: string,
): Promise<boolean> {
  const rows = await executor
    .update(users)
    .set(
      active
        ? { isActive: sql`${users.deletedAt} is null`, blockedAt: null, blockedReason: null }
        : { isActive: false, blockedAt: new Date(), blockedReason: reason ?? null },
    )
    .where(eq(users.id, id))
    .returning({ id: users.id });
  return rows.length > 0;
}
