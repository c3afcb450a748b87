import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Database } from '@touchline/db';
import { findUserById } from '@touchline/db/users';
import { ADMIN_OPS_LIMITS } from '@touchline/shared';

/** The board's cookie: httpOnly, sent only under the board's path. */
export const BOARD_COOKIE = 'tl_queue_board';
export const BOARD_PATH = '/admin/queues/board';

type Purpose = 'link' | 'session';
type Claims = { sub: string; purpose: Purpose; exp: number };

/**
 * Signed, short-lived grants to the BullMQ board. A plain navigation carries no Authorization
 * header, so the SPA asks `GET /api/admin/queues/board_link` (an administrator's request) for a
 * link valid `boardLinkSeconds`; opening it swaps the link for an httpOnly, SameSite=Strict
 * cookie scoped to the board's path, valid `boardSessionSeconds`. Every board request checks the
 * cookie's signature and expiry and that its account is still an active administrator.
 */
export function createBoardAuth(deps: { db: Database; secret: string; clock: () => Date }) {
  const key = createHmac('sha256', deps.secret).update('touchline:queue-board').digest();
  const mac = (body: string) => createHmac('sha256', key).update(body).digest('base64url');

  function sign(sub: string, purpose: Purpose, seconds: number) {
    const exp = Math.floor(deps.clock().getTime() / 1000) + seconds;
    const body = Buffer.from(JSON.stringify({ sub, purpose, exp } satisfies Claims)).toString(
      'base64url',
    );
    return { token: `${body}.${mac(body)}`, expiresAt: new Date(exp * 1000) };
  }

  function verify(token: string | undefined, purpose: Purpose): string | null {
    if (!token || token.length > 1000) return null;
    const [body, signature, extra] = token.split('.');
    if (!body || !signature || extra !== undefined) return null;
    const expected = Buffer.from(mac(body));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    try {
      const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Claims;
      if (claims.purpose !== purpose || typeof claims.sub !== 'string') return null;
      if (claims.exp * 1000 <= deps.clock().getTime()) return null;
      return claims.sub;
    } catch {
      return null;
    }
  }

  /** The administrator a grant names, while that account is an active administrator. */
  async function admin(token: string | undefined, purpose: Purpose) {
    const sub = verify(token, purpose);
    if (!sub) return null;
    const user = await findUserById(deps.db, sub);
    return user && user.role === 'admin' && user.isActive ? user.id : null;
  }

  return {
    /** `GET /api/admin/queues/board_link`: the link for this administrator. */
    link(adminId: string) {
      const { token, expiresAt } = sign(adminId, 'link', ADMIN_OPS_LIMITS.boardLinkSeconds);
      return { url: `${BOARD_PATH}/auth?token=${token}`, expires_at: expiresAt.toISOString() };
    },
    /** The cookie value a valid link is swapped for; null when the link is not valid. */
    async session(linkToken: string | undefined) {
      const adminId = await admin(linkToken, 'link');
      return adminId ? sign(adminId, 'session', ADMIN_OPS_LIMITS.boardSessionSeconds).token : null;
    },
    /** Whether a board request's cookie grants access now. */
    allowed: async (cookie: string | undefined) => (await admin(cookie, 'session')) !== null,
  };
}

export type BoardAuth = ReturnType<typeof createBoardAuth>;

/** One cookie's value from a Cookie header. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return v.join('=');
  }
  return undefined;
}
