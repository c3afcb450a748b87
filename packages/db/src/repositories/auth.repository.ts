import type { CodePurpose } from '@touchline/shared';
import { and, count, desc, eq, getTableColumns, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import {
  emailCodes,
  notifications,
  passwordResets,
  refreshTokens,
  sessions,
  users,
} from '../schema';

export type EmailCodeRow = typeof emailCodes.$inferSelect;

/* ------------------------------------------------------------ e-mail codes */

export async function insertEmailCode(
  executor: Executor,
  input: {
    email: string;
    purpose: CodePurpose;
    codeHash: string;
    expiresAt: Date;
    createdAt: Date;
  },
): Promise<EmailCodeRow> {
  const [row] = await executor.insert(emailCodes).values(input).returning();
  return row!;
}

/** The newest code for the address and purpose (consumed or not). */
export async function latestEmailCode(
  executor: Executor,
  email: string,
  purpose: CodePurpose,
): Promise<EmailCodeRow | null> {
  const [row] = await executor
    .select()
    .from(emailCodes)
    .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose)))
    .orderBy(desc(emailCodes.createdAt))
    .limit(1);
  return row ?? null;
}

/** How many codes were sent to the address (any purpose) since `since`. */
export async function countEmailCodesSince(executor: Executor, email: string, since: Date) {
  const [row] = await executor
    .select({ n: count() })
    .from(emailCodes)
    .where(and(eq(emailCodes.email, email), gt(emailCodes.createdAt, since)));
  return row?.n ?? 0;
}

/**
 * Claims one of the code's `max` attempts, atomically: true when the code is live (unused, not
 * expired) and had an attempt left. A guess is compared only after a successful claim, so any
 * number of parallel guesses gets at most `max` comparisons (a read-then-increment let every
 * guess that read the old count through).
 */
export async function claimEmailCodeAttempt(
  executor: Executor,
  id: string,
  max: number,
  now: Date,
): Promise<boolean> {
  const rows = await executor
    .update(emailCodes)
    .set({ attempts: sql`${emailCodes.attempts} + 1` })
    .where(
      and(
        eq(emailCodes.id, id),
        lt(emailCodes.attempts, max),
        isNull(emailCodes.consumedAt),
        gt(emailCodes.expiresAt, now),
      ),
    )
    .returning({ id: emailCodes.id });
  return rows.length > 0;
}

/** Marks the code used; false when it was already used (a concurrent verification won). */
export async function consumeEmailCode(executor: Executor, id: string, now: Date) {
  const rows = await executor
    .update(emailCodes)
    .set({ consumedAt: now })
    .where(and(eq(emailCodes.id, id), isNull(emailCodes.consumedAt)))
    .returning({ id: emailCodes.id });
  return rows.length > 0;
}

/* ---------------------------------------------------------- refresh tokens */

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

export async function insertRefreshToken(
  executor: Executor,
  input: { sessionId: string; tokenHash: string; expiresAt: Date },
): Promise<RefreshTokenRow> {
  const [row] = await executor.insert(refreshTokens).values(input).returning();
  return row!;
}

/**
 * The refresh token with its session and user, locked for the rotation that follows (the
 * caller runs inside a transaction). Null when no token has this hash.
 */
export async function lockRefreshToken(executor: Executor, tokenHash: string) {
  const [row] = await executor
    .select({
      token: refreshTokens,
      session: sessions,
      user: {
        id: users.id,
        role: users.role,
        isActive: users.isActive,
        deleted: sql<boolean>`${users.deletedAt} is not null`,
      },
    })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .for('update', { of: refreshTokens });
  return row ?? null;
}

export async function markRefreshTokenUsed(executor: Executor, id: string, now: Date) {
  await executor.update(refreshTokens).set({ usedAt: now }).where(eq(refreshTokens.id, id));
}

export async function touchSession(executor: Executor, sessionId: string, now: Date) {
  await executor.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, sessionId));
}

function prepareSessionAuth(executor: Executor) {
  return executor
    .select({
      role: users.role,
      isActive: users.isActive,
      /** A child's consent (supplement §14): awaiting or withdrawn keeps them inert. */
      consentStatus: users.consentStatus,
      /** The owner deleted the account (it waits for erasure, or is erased). */
      deleted: sql<boolean>`${users.deletedAt} is not null`,
      live: sql<boolean>`(${sessions.revokedAt} is null and ${sessions.expiresAt} > ${sql.placeholder('now')})`,
      /** When the session ends by itself (a cached check must not outlive it). */
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(eq(sessions.id, sql.placeholder('id')), eq(sessions.userId, sql.placeholder('userId'))),
    )
    .prepare('tl_session_auth');
}

/** The session check built once per database handle (its SQL text is fixed). */
const sessionAuthStatements = new WeakMap<Executor, ReturnType<typeof prepareSessionAuth>>();

/**
 * The session's role, whether the account is active, and whether the session is live at `now`
 * (neither revoked nor expired): what every authenticated request checks. Null when no session
 * with this id belongs to the user. The statement is built once per handle and prepared once per
 * Postgres connection: it runs on every signed-in request.
 */
export async function findSessionAuth(
  executor: Executor,
  session: { id: string; userId: string },
  now: Date,
) {
  let statement = sessionAuthStatements.get(executor);
  if (!statement) {
    statement = prepareSessionAuth(executor);
    sessionAuthStatements.set(executor, statement);
  }
  const [row] = await statement.execute({ id: session.id, userId: session.userId, now });
  return row ?? null;
}

/* --------------------------------------------------------- password resets */

export async function insertPasswordReset(
  executor: Executor,
  input: { userId: string; tokenHash: string; expiresAt: Date },
) {
  const [row] = await executor.insert(passwordResets).values(input).returning();
  return row!;
}

/** Uses a reset token once: returns its user id when it was unused and unexpired at `now`. */
export async function consumePasswordReset(executor: Executor, tokenHash: string, now: Date) {
  const [row] = await executor
    .update(passwordResets)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
      ),
    )
    .returning({ userId: passwordResets.userId });
  return row?.userId ?? null;
}

/* ------------------------------------------------------------- account state */

export async function findUserByGoogleSub(executor: Executor, googleSub: string) {
  const [row] = await executor.select().from(users).where(eq(users.googleSub, googleSub));
  return row ?? null;
}

export async function markEmailVerified(executor: Executor, userId: string, now: Date) {
  await executor.update(users).set({ emailVerifiedAt: now }).where(eq(users.id, userId));
}

/** A new password also proves the address (the reset code was delivered there). */
export async function setPasswordHash(
  executor: Executor,
  userId: string,
  passwordHash: string,
  now: Date,
) {
  await executor
    .update(users)
    .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now})` })
    .where(eq(users.id, userId));
}

/** The basic details a new account completes (the /welcome screen). */
export async function updateUserBasics(
  executor: Executor,
  userId: string,
  input: { dob: string; state: string; district: string; sports: string[] },
) {
  await executor.update(users).set(input).where(eq(users.id, userId));
}

/* ------------------------------------------------------ the signed-in user */

function prepareSessionUser(executor: Executor) {
  return executor
    .select({
      ...getTableColumns(users),
      // Qualified by hand: drizzle writes a one-table select's columns unqualified, and a bare
      // "id" inside this subquery would name the notification's own id.
      unreadCount: sql<number>`(select count(*)::int from ${notifications} n
        where n.user_id = "users"."id" and n.read_at is null)`.mapWith(Number),
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('tl_session_user');
}

const sessionUserStatements = new WeakMap<Executor, ReturnType<typeof prepareSessionUser>>();

/**
 * The signed-in user's row with their unread notification count, in one statement (`GET /api/me`
 * runs it on every page load). Null when the user does not exist.
 */
export async function findSessionUser(executor: Executor, userId: string) {
  let statement = sessionUserStatements.get(executor);
  if (!statement) {
    statement = prepareSessionUser(executor);
    sessionUserStatements.set(executor, statement);
  }
  const [row] = await statement.execute({ userId });
  return row ?? null;
}
