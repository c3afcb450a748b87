import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { countVisiblePosts } from '@touchline/db/posts';
import { createCommentsService } from './posts.comments.service';
import { createFeedService } from './posts.feed.service';
import { STALE_UPLOAD_MS, sweepStaleUploads } from './posts.form';
import { createContentModeration, type ContentModeration } from './posts.moderation';
import { createReportsService } from './posts.reports.service';
import { postsRoutes, uploadsTmpDir } from './posts.routes';
import { createPostsService } from './posts.service';
import { createPostViews } from './posts.views';
import { multipartPlugin } from '../../plugins/multipart';

/** What other modules may ask of posts: how many posts of an author a profile shows. */
export type VisiblePostCount = (authorId: string) => Promise<number>;

export function visiblePostCountFrom(app: FastifyInstance): VisiblePostCount {
  return (authorId) => countVisiblePosts(app.db, authorId);
}

/** What the administration may do to reported content: remove it (within its transaction). */
export function contentModerationFrom(app: FastifyInstance): ContentModeration {
  return createContentModeration({ clock: app.clock, forgetPosts: forgetPostsFrom(app) });
}

/** Forgets remembered posts here and on every instance (decision 70), acknowledged. */
function forgetPostsFrom(app: FastifyInstance) {
  return (postIds: string[]) => app.sessionCache.invalidate({ postsOf: postIds });
}

/** The posts services (posts, comments, reports, feed) wired from the root's decorators. */
export function buildPostsServices(app: FastifyInstance) {
  const { db, clock, drivers } = app;
  const views = createPostViews(drivers.storage);
  return {
    posts: createPostsService({
      db,
      clock,
      storage: drivers.storage,
      views,
      onStorageError: (err) => app.log.warn({ err }, 'post media file not deleted'),
      forgetPosts: forgetPostsFrom(app),
    }),
    comments: createCommentsService({ db, clock, views, forgetPosts: forgetPostsFrom(app) }),
    reports: createReportsService({ db, clock }),
    feed: createFeedService({ db, clock, views, posts: app.sessionCache }),
  };
}

/** Posts, likes, comments, reports and the home feed: every route is signed-in. */
export const postsModule: FastifyPluginAsyncZod = async (app) => {
  // Its routes take multipart forms (uploads): the parser and its hooks are this module's own.
  await app.register(multipartPlugin);
  app.addHook('onRequest', app.authenticate);
  const tmpDir = uploadsTmpDir(app.config.DATA_DIR);
  await app.register(postsRoutes({ ...buildPostsServices(app), tmpDir }));

  // Upload files a killed process left behind: swept at start and every hour.
  const sweep = () =>
    void sweepStaleUploads(tmpDir, Date.now()).catch((err: unknown) =>
      app.log.warn({ err }, 'stale uploads not swept'),
    );
  const sweeper = setInterval(sweep, STALE_UPLOAD_MS);
  sweeper.unref();
  app.addHook('onReady', async () => sweep());
  app.addHook('onClose', async () => clearInterval(sweeper));
};
