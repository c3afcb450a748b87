import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Database } from '@touchline/db';
import { findSessionAuth } from '@touchline/db/auth';
import { ADMIN_OPS_LIMITS } from '@touchline/shared';

/** The board's cookie: httpOnly, sent only under the board's path. */
export const BOARD_COOKIE = 'tl_queue_board';
export const BOARD_PATH = '/admin/queues/board';

type Purpose = 'link' | 'session';
/** `sid`: the administrator's sign-in session; the grant ends with it (logout, revocation). */
type Claims = { sub: string; sid: string; purpose: Purpose; exp: number };

/**
 * Signed, short-lived grants to the BullMQ board. A plain navigation carries no Authorization
 * header, so the SPA asks `GET /api/admin/queues/board_link` (an administrator's request) for a
 * link valid `boardLinkSeconds`; opening it swaps the link for an httpOnly, SameSite=Strict
 * cookie scoped to the board's path, valid `boardSessionSeconds`. Every board request checks the
 * cookie's signature and expiry, that its account is still an active administrator, and that the
 * sign-in session it was opened from is still live: signing out ends the board too (issue 25).
 */
export function createBoardAuth(deps: { db: Database; secret: string; clock: () => Date }) {
  const key = createHmac('sha256', deps.secret).update('touchline:queue-board').digest();
  const mac = (body: string) => createHmac('sha256', key).update(body).digest('base64url');

  function sign(sub: string, sid: string, purpose: Purpose, seconds: number) {
    const exp = Math.floor(deps.clock().getTime() / 1000) + seconds;
    const body = Buffer.from(JSON.stringify({ sub, sid, purpose, exp } satisfies Claims)).toString(
      'base64url',
    );
    return { token: `${body}.${mac(body)}`, expiresAt: new Date(exp * 1000) };
  }

  function verify(token: string | undefined, purpose: Purpose): Claims | null {
    if (!token || token.length > 1000) return null;
    const [body, signature, extra] = token.split('.');
    if (!body || !signature || extra !== undefined) return null;
    const expected = Buffer.from(mac(body));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    try {
      const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Claims;
      if (claims.purpose !== purpose || typeof claims.sub !== 'string') return null;
      if (typeof claims.sid !== 'string') return null;
      if (claims.exp * 1000 <= deps.clock().getTime()) return null;
      return claims;
    } catch {
      return null;
    }
  }

  /**
   * The administrator a grant names, while that account is an active administrator and the
   * session the grant came from is live.
   */
  async function admin(token: string | undefined, purpose: Purpose) {
    const claims = verify(token, purpose);
    if (!claims) return null;
    const session = await findSessionAuth(
      deps.db,
      { id: claims.sid, userId: claims.sub },
      deps.clock(),
    );
    if (!session || !session.live || !session.isActive || session.deleted) return null;
    return session.role === 'admin' ? { adminId: claims.sub, sessionId: claims.sid } : null;
  }

  return {
    /** `GET /api/admin/queues/board_link`: the link for this administrator. */
    link(adminId: string, sessionId: string) {
      const { token, expiresAt } = sign(
        adminId,
        sessionId,
        'link',
        ADMIN_OPS_LIMITS.boardLinkSeconds,
      );
      return { url: `${BOARD_PATH}/auth?token=${token}`, expires_at: expiresAt.toISOString() };
    },
    /** The cookie value a valid link is swapped for; null when the link is not valid. */
    async session(linkToken: string | undefined) {
      const grant = await admin(linkToken, 'link');
      return grant
        ? sign(grant.adminId, grant.sessionId, 'session', ADMIN_OPS_LIMITS.boardSessionSeconds)
            .token
        : null;
    },
    /** The administrator a board request's cookie grants access to now, else null. */
    allowed: async (cookie: string | undefined) =>
      (await admin(cookie, 'session'))?.adminId ?? null,
  };
}

export type BoardAuth = ReturnType<typeof createBoardAuth>;

/** The Set-Cookie that ends the board's cookie (sent with every logout). */
export const CLEAR_BOARD_COOKIE = `${BOARD_COOKIE}=; Path=${BOARD_PATH}; Max-Age=0; HttpOnly; SameSite=Strict`;

/** One cookie's value from a Cookie header. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return v.join('=');
  }
  return undefined;
}
