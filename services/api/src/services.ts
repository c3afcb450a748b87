import type { FastifyInstance } from 'fastify';
import { countAchievements, countVisiblePosts } from '@touchline/db';
import { createAccountsService } from './modules/accounts/accounts.service';
import { createAuthService } from './modules/auth/auth.service';
import { createCodesService } from './modules/auth/codes.service';
import { createGoogleVerifier } from './modules/auth/google';
import { createTokensService } from './modules/auth/tokens.service';
import { createMediaService } from './modules/media/media.service';
import { createProfilesService } from './modules/profiles/profiles.service';
import { createNotificationsService } from './modules/notifications/notifications.service';
import { createSearchService } from './modules/search/search.service';
import { createSocialService } from './modules/social/social.service';
import { createCommentsService } from './modules/posts/comments.service';
import { createFeedService } from './modules/posts/feed.service';
import { createPostsService } from './modules/posts/posts.service';
import { createPostViews } from './modules/posts/posts.views';
import { createReportsService } from './modules/posts/reports.service';

/**
 * The composition root of the domain services: plain factories wired from the app's
 * infrastructure. Modules receive the services they use; tests build the same set.
 */
export function createServices(app: FastifyInstance) {
  const { db, clock, config, drivers, secrets } = app;
  const media = createMediaService({ db, storage: drivers.storage });
  const notifications = createNotificationsService({
    db,
    clock,
    media,
    publish: (userId, event) => app.realtime.publishStored(userId, event),
  });
  const unreadCount = notifications.unreadCount;
  const social = createSocialService({ db });
  const search = createSearchService({ db, media, social });
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
  const profiles = createProfilesService({
    db,
    clock,
    storage: drivers.storage,
    media,
    countsProvider: async (user) => ({
      friends: user.role === 'player' ? await social.countFriends(user.id) : 0,
      followers: user.role === 'academy' ? await social.countFollowers(user.id) : 0,
      posts: await countVisiblePosts(db, user.id),
      achievements: await countAchievements(db, user.id),
    }),
    canView: social.canSee,
    onStorageError: (err) => app.log.warn({ err }, 'replaced media file not deleted'),
  });
  const postViews = createPostViews(drivers.storage);
  const posts = createPostsService({
    db,
    clock,
    storage: drivers.storage,
    views: postViews,
    onStorageError: (err) => app.log.warn({ err }, 'post media file not deleted'),
  });
  const comments = createCommentsService({ db, clock, views: postViews });
  const reports = createReportsService({ db, clock });
  const feed = createFeedService({ db, clock, views: postViews });
  return {
    media,
    posts,
    comments,
    reports,
    feed,
    tokens,
    codes,
    auth,
    accounts,
    profiles,
    unreadCount,
    notifications,
    social,
    search,
  };
}

export type Services = ReturnType<typeof createServices>;
