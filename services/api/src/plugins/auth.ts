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

export type AccessClaims = { sub: string; role: Role; sid: string; typ: 'access' };

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: AccessClaims;
    user: AccessClaims;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest: a valid access token of a live session of an active user. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
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
  }
  interface FastifyRequest {
    auth: AuthContext;
  }
}

/**
 * Access tokens are short-lived JWTs naming the user, role and session. Every authenticated
 * request also checks that the session is live and the account active, so revoking a session or
 * blocking an account takes effect at once.
 */
export const authPlugin = fp(
  async (app) => {
    await app.register(jwt, {
      secret: app.secrets.jwtSecret,
      sign: { expiresIn: LIMITS.accessTokenTtlSeconds },
    });

    async function checkClaims(claims: AccessClaims): Promise<AuthContext> {
      if (claims.typ !== 'access' || !claims.sub || !claims.sid) throw commonErrors.tokenNotValid();
      const session = await findSessionAuth(
        app.db,
        { id: claims.sid, userId: claims.sub },
        app.clock(),
      );
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

    app.decorate('verifyAccess', async (token: string) => {
      let claims: AccessClaims;
      try {
        claims = app.jwt.verify<AccessClaims>(token);
      } catch (err) {
        // An expired token is the normal case the client answers with a refresh.
        if ((err as { code?: string }).code === 'FAST_JWT_EXPIRED')
          throw commonErrors.tokenExpired();
        throw commonErrors.tokenNotValid();
      }
      return checkClaims(claims);
    });

    app.decorateRequest('auth', null as unknown as AuthContext);

    app.decorate('authenticate', async (request: FastifyRequest) => {
      const header = request.headers.authorization;
      if (!header?.startsWith('Bearer ')) {
        throw commonErrors.unauthorized('Authentication credentials were not provided.');
      }
      request.auth = await app.verifyAccess(header.slice('Bearer '.length).trim());
    });

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
