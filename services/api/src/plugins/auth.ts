import fp from 'fastify-plugin';
import jwt from '@fastify/jwt';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { findSessionAuth } from '@touchline/db/auth';
import {
  ERROR_CODES,
  GUARDIAN_ERRORS,
  GUARDIAN_MESSAGES,
  LIMITS,
  MESSAGES,
  YOUR_DATA_ERRORS,
  YOUR_DATA_MESSAGES,
  type Role,
} from '@touchline/shared';
import { AppError, commonErrors } from '../lib/app-error';
import type { AuthContext } from '../lib/auth-context';
import { createSessionCache, type SessionCache } from '../lib/session-cache';

/** Verified access tokens kept per instance (each a few hundred bytes). */
const VERIFIED_TOKENS_KEPT = 10_000;

export type AccessClaims = { sub: string; role: Role; sid: string; typ: 'access' };

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: AccessClaims;
    user: AccessClaims;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * onRequest: a valid access token of a live session of an active user. A callback hook when
     * Fastify runs it (no promise when the session is cached, decision 69); awaited without
     * `done`.
     */
    authenticate: {
      (request: FastifyRequest, reply: FastifyReply): Promise<void>;
      (request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void): void;
    };
    /** onRequest factory: authenticated (by the context, or here) and one of the roles. */
    requireRole: (
      ...roles: Role[]
    ) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** Verifies an access token and its session without a request (WebSocket upgrade). */
    verifyAccess: (token: string) => Promise<AuthContext>;
    /**
     * onRequest: authenticated, and not a child waiting for (or without) a guardian's consent:
     * on every route where the caller acts towards others (post, comment, like, befriend, follow,
     * chat, register for a trial). Supplement §14.
     */
    requireConsent: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    signAccessToken: (claims: Omit<AccessClaims, 'typ'>) => string;
    /** Live sessions checked recently on this instance (see lib/session-cache.ts). */
    sessionCache: SessionCache;
    /**
     * After a commit that changed what the session check answers for a user (consent, unblock):
     * every instance forgets their cached sessions before this resolves.
     */
    forgetSessions: (userId: string) => Promise<void>;
    /**
     * After a commit that ended the user's sessions (or one): every instance forgets them and
     * closes their sockets. Call it before answering the request that ended them.
     */
    endSessions: (userId: string, sessionId?: string) => Promise<void>;
    /**
     * After a commit that changed what `GET /api/me` answers the user (their own data, photo):
     * every instance forgets its remembered answer before this resolves (decision 63).
     */
    forgetProfile: (userId: string) => Promise<void>;
  }
  interface FastifyRequest {
    auth: AuthContext;
  }
}

/**
 * Access tokens are short-lived JWTs naming the user, role and session. Every authenticated
 * request also checks that the session is live and the account active, so revoking a session or
 * blocking an account takes effect at once: from the instance's session cache when it holds the
 * session, else from the database. Whatever ends or changes a session calls `endSessions` or
 * `forgetSessions` after its commit, which empties the cache on every instance through the bus
 * before the request answers (decision 44).
 */
export const authPlugin = fp(
  async (app) => {
    await app.register(jwt, {
      secret: app.secrets.jwtSecret,
      sign: { expiresIn: LIMITS.accessTokenTtlSeconds },
    });

    const cache = createSessionCache({ bus: app.drivers.bus, logger: app.log });
    app.decorate('sessionCache', cache);
    app.addHook('onClose', async () => cache.close());
    app.decorate('forgetSessions', (userId: string) => cache.invalidate({ userId }));
    app.decorate('forgetProfile', (userId: string) => cache.invalidate({ profilesOf: [userId] }));
    app.decorate('endSessions', async (userId: string, sessionId?: string) => {
      // The realtime plugin registers after this one; it is there by the time anyone signs out.
      // Side by side: during a bus outage each waits for the connection's deadline once.
      await Promise.all([
        cache.invalidate({ userId, sessionId }),
        app.realtime.revoke(userId, sessionId),
      ]);
    });

    /** The session check: synchronous from the cache, a promise when the database is read. */
    function checkClaims(claims: AccessClaims): AuthContext | Promise<AuthContext> {
      if (claims.typ !== 'access' || !claims.sub || !claims.sid) throw commonErrors.tokenNotValid();
      const now = app.clock();
      const cached = cache.get(claims.sid, claims.sub, now);
      if (cached)
        return {
          userId: claims.sub,
          role: cached.role,
          sessionId: claims.sid,
          consentStatus: cached.consentStatus,
        };
      return readSession(claims, now);
    }

    async function readSession(claims: AccessClaims, now: Date): Promise<AuthContext> {
      const begun = cache.begin();
      const session = await findSessionAuth(app.db, { id: claims.sid, userId: claims.sub }, now);
      if (!session) throw commonErrors.tokenNotValid();
      // A guardian withdrew consent: the child's other tabs end with a message of their own.
      if (session.consentStatus === 'withdrawn' && !session.isActive)
        throw new AppError(401, GUARDIAN_ERRORS.accountFrozen, GUARDIAN_MESSAGES.accountFrozen);
      // A deleted account says so (its other tabs end with 'Your account has been deleted').
      if (session.deleted)
        throw new AppError(401, YOUR_DATA_ERRORS.accountDeleted, YOUR_DATA_MESSAGES.deleted);
      // A blocked account says so (the client then shows 'You account is blocked').
      if (!session.isActive)
        throw new AppError(401, ERROR_CODES.userInactive, MESSAGES.accountBlocked);
      if (!session.live) throw commonErrors.tokenNotValid();
      cache.store(
        claims.sid,
        {
          userId: claims.sub,
          role: session.role,
          consentStatus: session.consentStatus,
          expiresAt: session.expiresAt,
        },
        begun,
      );
      return {
        userId: claims.sub,
        role: session.role,
        sessionId: claims.sid,
        consentStatus: session.consentStatus,
      };
    }

    app.decorate('signAccessToken', (claims: Omit<AccessClaims, 'typ'>) =>
      app.jwt.sign({ ...claims, typ: 'access' }),
    );

    // Tokens verified on this instance, until they expire: a signed-in client sends the same
    // token on every request for its lifetime, and checking its signature again (HMAC, base64,
    // JSON) was a tenth of GET /api/me's CPU. Only verified tokens are kept (a failure verifies
    // again), an entry is used only before its `exp` (the same clock as the verifier's), and the
    // session behind it is still checked on every request (checkClaims), so revoking works as
    // before. Bounded: the oldest entries make room (decision 55).
    const verified = new Map<string, AccessClaims & { exp: number }>();
    function verify(token: string): AuthContext | Promise<AuthContext> {
      const known = verified.get(token);
      if (known) {
        if (Date.now() < known.exp * 1000) return checkClaims(known);
        verified.delete(token);
      }
      let claims: AccessClaims;
      try {
        claims = app.jwt.verify<AccessClaims>(token);
        const { exp } = claims as { exp?: unknown };
        if (typeof exp === 'number') {
          if (verified.size >= VERIFIED_TOKENS_KEPT)
            verified.delete(verified.keys().next().value as string);
          verified.set(token, { ...claims, exp });
        }
      } catch (err) {
        // An expired token is the normal case the client answers with a refresh.
        if ((err as { code?: string }).code === 'FAST_JWT_EXPIRED')
          throw commonErrors.tokenExpired();
        throw commonErrors.tokenNotValid();
      }
      return checkClaims(claims);
    }
    app.decorate('verifyAccess', async (token: string) => verify(token));

    app.decorateRequest('auth', null as unknown as AuthContext);

    function authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    function authenticate(
      request: FastifyRequest,
      reply: FastifyReply,
      done: (err?: Error) => void,
    ): void;
    function authenticate(
      request: FastifyRequest,
      _reply: FastifyReply,
      done?: (err?: Error) => void,
    ): Promise<void> | void {
      let auth: AuthContext | Promise<AuthContext>;
      try {
        const header = request.headers.authorization;
        if (!header?.startsWith('Bearer ')) {
          throw commonErrors.unauthorized('Authentication credentials were not provided.');
        }
        auth = verify(header.slice('Bearer '.length).trim());
      } catch (err) {
        if (!done) return Promise.reject(err as Error);
        done(err as Error);
        return;
      }
      if (auth instanceof Promise) {
        const set = auth.then((context) => {
          request.auth = context;
        });
        if (!done) return set;
        set.then(() => done(), done);
        return;
      }
      request.auth = auth;
      if (!done) return Promise.resolve();
      done();
    }
    app.decorate('authenticate', authenticate);

    app.decorate('requireConsent', async (request: FastifyRequest, reply: FastifyReply) => {
      if (!request.auth) await app.authenticate(request, reply);
      const status = request.auth.consentStatus;
      if (status === 'awaiting_consent' || status === 'withdrawn')
        throw new AppError(403, GUARDIAN_ERRORS.consentRequired, GUARDIAN_MESSAGES.consentRequired);
    });

    app.decorate(
      'requireRole',
      (...roles: Role[]) =>
        async (request: FastifyRequest, reply: FastifyReply) => {
          // Modules authenticate their signed-in context first (onRequest); checking again here
          // would cost a second session query. Used alone, it still never lets a stranger in.
          if (!request.auth) await app.authenticate(request, reply);
          if (!roles.includes(request.auth.role)) throw commonErrors.forbidden();
        },
    );
  },
  { name: 'auth', dependencies: ['dependencies'] },
);
