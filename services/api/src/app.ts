import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppDeps } from './app-deps';
import { authPlugin } from './plugins/auth';
import { docsPlugin } from './plugins/docs';
import { errorsPlugin } from './plugins/errors';
import { platformPlugin } from './plugins/platform';
import { realtimePlugin } from './plugins/realtime';
import { securityPlugin } from './plugins/security';
import { spaPlugin } from './plugins/spa';
import { devMailboxRoutes } from './modules/dev-mailbox/dev-mailbox.routes';
import { healthRoutes } from './modules/health/health.routes';
import { mediaRoutes } from './modules/media/media.routes';
import { realtimeRoutes } from './modules/realtime/realtime.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { profilesRoutes } from './modules/profiles/profiles.routes';
import { sessionRoutes } from './modules/session/session.routes';
import { multipartPlugin } from './plugins/multipart';
import { createServices } from './services';
import { clientConfigRoutes } from './modules/platform/client-config.routes';
import { adminAccountsRoutes } from './modules/admin/admin-accounts.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { searchRoutes } from './modules/search/search.routes';
import { socialRoutes } from './modules/social/social.routes';
import { STALE_UPLOAD_MS, sweepStaleUploads } from './modules/posts/posts.form';
import { postsRoutes, uploadsTmpDir } from './modules/posts/posts.routes';

export type BuildAppOptions = {
  logger?: FastifyServerOptions['logger'];
  /** Socket heartbeat interval (dead sockets are dropped after one missed pong). */
  heartbeatMs?: number;
  /** Namespace of the shared (Redis) rate-limit counters; tests isolate each app with it. */
  rateLimitNamespace?: string;
};

/** Builds the whole API without listening. `server.ts` listens; tests use `inject`. */
export async function buildApp(deps: AppDeps, options: BuildAppOptions = {}) {
  const app = Fastify({
    logger: options.logger ?? { level: deps.config.LOG_LEVEL },
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming)
        ? incoming
        : randomUUID();
    },
    trustProxy: deps.config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: false },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // Infrastructure: decorated on the root, in dependency order.
  await app.register(platformPlugin, deps);
  await app.register(errorsPlugin);
  await app.register(securityPlugin, { rateLimitNamespace: options.rateLimitNamespace });
  await app.register(docsPlugin);
  await app.register(authPlugin);
  await app.register(realtimePlugin, { heartbeatMs: options.heartbeatMs });
  await app.register(multipartPlugin);

  const services = createServices(app);

  // Domain modules: encapsulated, in one explicit list with their prefixes.
  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(clientConfigRoutes, { prefix: '/api' });
  await app.register(authRoutes(services), { prefix: '/api' });
  await app.register(profilesRoutes(services), { prefix: '/api' });
  await app.register(
    sessionRoutes({ unreadCount: services.unreadCount, mediaUrl: services.media.publicUrl }),
    { prefix: '/api' },
  );
  await app.register(socialRoutes(services), { prefix: '/api' });
  const tmpDir = uploadsTmpDir(deps.config.DATA_DIR);
  await app.register(postsRoutes({ ...services, tmpDir }), { prefix: '/api' });
  // Upload files a killed process left behind: swept at start and every hour.
  const sweep = () =>
    void sweepStaleUploads(tmpDir, Date.now()).catch((err: unknown) =>
      app.log.warn({ err }, 'stale uploads not swept'),
    );
  const sweeper = setInterval(sweep, STALE_UPLOAD_MS);
  sweeper.unref();
  app.addHook('onReady', async () => sweep());
  app.addHook('onClose', async () => clearInterval(sweeper));
  await app.register(notificationsRoutes(services), { prefix: '/api' });
  await app.register(searchRoutes(services), { prefix: '/api' });
  await app.register(adminAccountsRoutes(services), { prefix: '/api/admin' });
  if (deps.config.APP_ENV !== 'production') {
    await app.register(devMailboxRoutes, { prefix: '/api' });
  }
  await app.register(mediaRoutes);
  await app.register(realtimeRoutes);

  await app.register(spaPlugin);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
