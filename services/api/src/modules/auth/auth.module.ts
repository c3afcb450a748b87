import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guardianAskerFrom } from '../guardians/guardians.asker';
import { mediaUrlsFrom } from '../media/media.module';
import { unreadCountFrom } from '../notifications/notifications.module';
import { createCodesService } from './auth.codes.service';
import { createGoogleVerifier, type GoogleVerifier } from './auth.google';
import { authRoutes } from './auth.routes';
import { createAuthService } from './auth.service';
import { createTokensService, type TokensService } from './auth.tokens.service';
import { multipartPlugin } from '../../plugins/multipart';

/**
 * What other modules may ask of auth: ending every session of a user in their transaction, then
 * (after the commit) telling every instance; or telling them the user's state changed.
 */
export type SessionRevoker = Pick<
  TokensService,
  'revokeAllInTransaction' | 'afterRevokeAll' | 'forget'
>;

function buildTokensService(app: FastifyInstance) {
  return createTokensService({
    db: app.db,
    clock: app.clock,
    signAccessToken: app.signAccessToken,
    closeSockets: (userId, sessionId) => app.endSessions(userId, sessionId),
    forgetSessions: (userId) => app.forgetSessions(userId),
  });
}

/** Session revocation built from the root's infrastructure (accounts: blocking a user; consent). */
export function sessionRevokerFrom(app: FastifyInstance): SessionRevoker {
  return buildTokensService(app);
}

/** The Google ID-token check (null when Google sign-in is not configured). */
export function googleVerifierFrom(app: FastifyInstance): GoogleVerifier | null {
  const { config } = app;
  return config.GOOGLE_CLIENT_ID
    ? createGoogleVerifier({ clientId: config.GOOGLE_CLIENT_ID, certsUrl: config.GOOGLE_CERTS_URL })
    : null;
}

/** The auth services: sign-up, sign-in, codes and tokens, wired from the root's decorators. */
export function buildAuthServices(app: FastifyInstance) {
  const { db, clock, drivers, secrets } = app;
  const tokens = buildTokensService(app);
  const codes = createCodesService({
    db,
    clock,
    secret: secrets.codeSecret,
    secretBox: drivers.secretBox,
  });
  const google = googleVerifierFrom(app);
  const auth = createAuthService({
    db,
    clock,
    storage: drivers.storage,
    codes,
    tokens,
    google,
    mediaUrl: mediaUrlsFrom(app).publicUrl,
    unreadCount: unreadCountFrom(app),
    askGuardian: guardianAskerFrom(app),
  });
  return { auth, tokens, codes };
}

/** Auth: sign-up, codes, sign-in, tokens and password reset. Every route is public. */
export const authModule: FastifyPluginAsyncZod = async (app) => {
  // Its routes take multipart forms (uploads): the parser and its hooks are this module's own.
  await app.register(multipartPlugin);
  const { auth, tokens } = buildAuthServices(app);
  await app.register(authRoutes({ auth, tokens }));
};
