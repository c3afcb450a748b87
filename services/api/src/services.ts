import type { FastifyInstance } from 'fastify';
import { createAccountsService } from './modules/accounts/accounts.service';
import { createAuthService } from './modules/auth/auth.service';
import { createCodesService } from './modules/auth/codes.service';
import { createGoogleVerifier } from './modules/auth/google';
import { createTokensService } from './modules/auth/tokens.service';
import { createMediaService } from './modules/media/media.service';

/**
 * The composition root of the domain services: plain factories wired from the app's
 * infrastructure. Modules receive the services they use; tests build the same set.
 */
export function createServices(app: FastifyInstance) {
  const { db, clock, config, drivers, secrets } = app;
  const media = createMediaService({ db, storage: drivers.storage });
  // Unread notifications arrive with the notification centre; until then there are none.
  const unreadCount = async (_userId: string) => 0;
  const tokens = createTokensService({
    db,
    clock,
    signAccessToken: app.signAccessToken,
    closeSockets: (userId, sessionId) => app.realtime.revoke(userId, sessionId),
  });
  const codes = createCodesService({ db, clock, secret: secrets.codeSecret });
  const google = config.GOOGLE_CLIENT_ID
    ? createGoogleVerifier({ clientId: config.GOOGLE_CLIENT_ID, certsUrl: config.GOOGLE_CERTS_URL })
    : null;
  const auth = createAuthService({
    db,
    clock,
    storage: drivers.storage,
    codes,
    tokens,
    google,
    mediaUrl: media.publicUrl,
    unreadCount,
  });
  const accounts = createAccountsService({ db, tokens, clock });
  return { media, tokens, codes, auth, accounts, unreadCount };
}

export type Services = ReturnType<typeof createServices>;
