import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../client';
import { sessions } from '../schema';

export type SessionRow = typeof sessions.$inferSelect;
export type NewSession = Pick<SessionRow, 'userId' | 'expiresAt'> &
  Partial<Pick<SessionRow, 'id' | 'userAgent' | 'ip'>>;

export async function createSession(executor: Executor, input: NewSession): Promise<SessionRow> {
  const [row] = await executor.insert(sessions).values(input).returning();
  return row!;
}

/** Revokes one of the user's sessions; true when it was active until now. */
export async function revokeSession(
  executor: Executor,
  session: { id: string; userId: string },
  reason: string,
): Promise<boolean> {
  const rows = await executor
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(
      and(
        eq(sessions.id, session.id),
        eq(sessions.userId, session.userId),
        isNull(sessions.revokedAt),
      ),
    )
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/** Revokes every active session of the user; returns the ids revoked now. */
export async function revokeUserSessions(
  executor: Executor,
  userId: string,
  reason: string,
): Promise<string[]> {
  const rows = await executor
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.map((r) => r.id);
}

/** The user's session when it is neither revoked nor expired at `now`. */
export async function findActiveSession(
  executor: Executor,
  session: { id: string; userId: string },
  now: Date = new Date(),
): Promise<SessionRow | null> {
  const [row] = await executor
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.id, session.id),
        eq(sessions.userId, session.userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
      ),
    );
  return row ?? null;
}
