import { createHash, randomBytes } from 'node:crypto';
import type { Database, Executor } from '@touchline/db';
import {
  createSession,
  insertRefreshToken,
  lockRefreshToken,
  markRefreshTokenUsed,
  revokeSession,
  revokeUserSessions,
  touchSession,
} from '@touchline/db/auth';
import { appendEvent } from '@touchline/db/outbox';
import { LIMITS, type Role } from '@touchline/shared';
import { authErrors } from './auth.errors';

export type TokensServiceDeps = {
  db: Database;
  clock: () => Date;
  signAccessToken: (claims: { sub: string; role: Role; sid: string }) => string;
  /**
   * After a session (or all of the user's) ended: every instance forgets it from its session
   * cache and closes its sockets, before this resolves (`app.endSessions`).
   */
  closeSockets: (userId: string, sessionId?: string) => Promise<void>;
  /** After a change of what the session check answers (consent): every instance forgets them. */
  forgetSessions: (userId: string) => Promise<void>;
};

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const newRefreshToken = () => randomBytes(32).toString('base64url');

/**
 * Sessions and tokens: a 15-minute access JWT and a 30-day opaque refresh token (stored hashed)
 * that rotates on every use. Presenting a used refresh token again means it was stolen or
 * replayed: the whole session (token family) is revoked.
 */
export function createTokensService(deps: TokensServiceDeps) {
  const refreshExpiry = () =>
    new Date(deps.clock().getTime() + LIMITS.refreshTokenTtlSeconds * 1000);

  async function issueRefresh(executor: Executor, sessionId: string) {
    const refresh = newRefreshToken();
    await insertRefreshToken(executor, {
      sessionId,
      tokenHash: sha256(refresh),
      expiresAt: refreshExpiry(),
    });
    return refresh;
  }

  return {
    /** Opens a session for a signed-in user and returns its first token pair. */
    async openSession(
      user: { id: string; role: Role },
      client: { ip?: string; userAgent?: string } = {},
    ) {
      return deps.db.transaction(async (tx) => {
        const session = await createSession(tx, {
          userId: user.id,
          expiresAt: refreshExpiry(),
          ip: client.ip ?? null,
          userAgent: client.userAgent?.slice(0, 300) ?? null,
        });
        const refresh = await issueRefresh(tx, session.id);
        const access = deps.signAccessToken({ sub: user.id, role: user.role, sid: session.id });
        return { access, refresh, sessionId: session.id };
      });
    },

    /** Rotates a refresh token: the old one is spent, a new pair is returned. */
    async refresh(refreshToken: string) {
      const now = deps.clock();
      const outcome = await deps.db.transaction(async (tx) => {
        const found = await lockRefreshToken(tx, sha256(refreshToken));
        if (!found) return { kind: 'invalid' as const };
        const { token, session, user } = found;
        if (user.deleted) return { kind: 'deleted' as const };
        if (!user.isActive) return { kind: 'inactive' as const };
        if (session.revokedAt || session.expiresAt <= now || token.expiresAt <= now) {
          return { kind: 'invalid' as const };
        }
        if (token.usedAt) {
          await revokeSession(tx, { id: session.id, userId: user.id }, 'refresh_token_reuse');
          return { kind: 'reused' as const, userId: user.id, sessionId: session.id };
        }
        await markRefreshTokenUsed(tx, token.id, now);
        await touchSession(tx, session.id, now);
        const refresh = await issueRefresh(tx, session.id);
        const access = deps.signAccessToken({ sub: user.id, role: user.role, sid: session.id });
        return { kind: 'ok' as const, access, refresh };
      });
      if (outcome.kind === 'ok') return { access: outcome.access, refresh: outcome.refresh };
      if (outcome.kind === 'inactive') throw authErrors.blocked();
      if (outcome.kind === 'deleted') throw authErrors.accountDeleted();
      if (outcome.kind === 'reused') await deps.closeSockets(outcome.userId, outcome.sessionId);
      throw authErrors.tokenNotValid();
    },

    /** Ends the session the refresh token belongs to. Unknown tokens are ignored (idempotent). */
    async logout(refreshToken: string) {
      const ended = await deps.db.transaction(async (tx) => {
        const found = await lockRefreshToken(tx, sha256(refreshToken));
        if (!found) return null;
        await revokeSession(tx, { id: found.session.id, userId: found.user.id }, 'logout');
        return { userId: found.user.id, sessionId: found.session.id };
      });
      if (ended) await deps.closeSockets(ended.userId, ended.sessionId);
    },

    /**
     * Revokes every session of the user inside the caller's transaction and announces it, so
     * every API instance closes the user's sockets even if this process dies after commit.
     */
    async revokeAllInTransaction(tx: Executor, userId: string, reason: string) {
      await revokeUserSessions(tx, userId, reason);
      await appendEvent(tx, { type: 'user.sessions_revoked', payload: { userId } });
    },

    /**
     * After the transaction of `revokeAllInTransaction` committed, before the request answers:
     * every instance forgets the user's sessions and closes their sockets now (the outbox event
     * does it again later, for an instance that missed this while the bus was away).
     */
    async afterRevokeAll(userId: string) {
      await deps.closeSockets(userId);
    },

    /** After a commit that changed the user's consent: every instance forgets their sessions. */
    async forget(userId: string) {
      await deps.forgetSessions(userId);
    },
  };
}

export type TokensService = ReturnType<typeof createTokensService>;
