import { randomUUID } from 'node:crypto';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyServerOptions,
} from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type FastifyPluginAsyncZod,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { ERROR_CODES } from '@touchline/shared';
import type { AppDeps } from './app-deps';
import { authPlugin } from './plugins/auth';
import { docsPlugin } from './plugins/docs';
import { compressPlugin } from './plugins/compress';
import { errorsPlugin } from './plugins/errors';
import { metricsPlugin } from './plugins/metrics';
import { dependenciesPlugin } from './plugins/dependencies';
import { realtimePlugin } from './plugins/realtime/realtime.plugin';
import { securityPlugin } from './plugins/security';
import { spaPlugin } from './plugins/spa';
import { adminModule } from './modules/admin/admin.module';
import { BOARD_PATH, queueBoardPlugin } from './modules/admin/admin.queues.board';
import { authModule } from './modules/auth/auth.module';
import { chatModule } from './modules/chat/chat.module';
import { devJobsModule } from './modules/dev-jobs/dev-jobs.module';
import { devMailboxModule } from './modules/dev-mailbox/dev-mailbox.module';
import { healthModule } from './modules/health/health.module';
import { mediaModule } from './modules/media/media.module';
import { notificationsModule } from './modules/notifications/notifications.module';
import { paymentsModule } from './modules/payments/payments.module';
import { clientConfigModule } from './modules/client-config/client-config.module';
import { postsModule } from './modules/posts/posts.module';
import { profilesModule } from './modules/profiles/profiles.module';
import { realtimeModule } from './modules/realtime/realtime.module';
import { searchModule } from './modules/search/search.module';
import { dashboardModule } from './modules/dashboard/dashboard.module';
import { sessionModule } from './modules/session/session.module';
import { socialModule } from './modules/social/social.module';
import { trialsModule } from './modules/trials/trials.module';
import { yourDataModule } from './modules/your-data/your-data.module';
import { guardiansModule } from './modules/guardians/guardians.module';
import { reachModule } from './modules/reach/reach.module';
import { serializeRequest } from './lib/log-redaction';
import type { UserBudgets } from './lib/user-rate-limit';
import { logOneEntryPerRequest, logOneLinePerRequest } from './lib/logging';
import { lazySchemaCompilers } from './lib/schema-compilers';

export type BuildAppOptions = {
  logger?: FastifyServerOptions['logger'];
  /** A logger the process made (server.ts: JSON or pretty, `LOG_FORMAT`); wins over `logger`. */
  loggerInstance?: FastifyBaseLogger;
  /**
   * `fastify`: Fastify's two entries per request. `one-entry`: one JSON entry per request when
   * it is answered ('request completed' with the request; server.ts's JSON logs). `one-line`:
   * one line per request when it is answered (`GET /api/feed 200 12 ms`), for the pretty
   * development log.
   */
  requestLog?: 'fastify' | 'one-line' | 'one-entry';
  /** Socket heartbeat interval (dead sockets are dropped after one missed pong). */
  heartbeatMs?: number;
  /** Namespace of the shared (Redis) rate-limit counters; tests isolate each app with it. */
  rateLimitNamespace?: string;
  /** Per-user budgets other than USER_BUDGETS (a test that must not race a 10-second window). */
  userBudgets?: Partial<UserBudgets>;
};

/** Builds the whole API without listening. `server.ts` listens; tests use `inject`. */
export async function buildApp(deps: AppDeps, options: BuildAppOptions = {}) {
  const logger = options.logger ?? { level: deps.config.LOG_LEVEL };
  const app = Fastify({
    ...(options.loggerInstance
      ? { loggerInstance: options.loggerInstance } // its serializers redact (lib/logging.ts)
      : {
          // Request URLs are logged without their tokens and signatures (issue 25).
          logger:
            typeof logger === 'object' && logger !== null && !('child' in logger)
              ? { ...logger, serializers: { ...logger.serializers, req: serializeRequest } }
              : logger,
        }),
    ...(options.requestLog === 'one-line' || options.requestLog === 'one-entry'
      ? { logController: new LogController({ disableRequestLogging: true }) }
      : {}),
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming)
        ? incoming
        : randomUUID();
    },
    trustProxy: deps.config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // Zod validates and serializes (below); Fastify's own compilers only when a schema needs them.
    schemaController: lazySchemaCompilers(),
    routerOptions: { ignoreTrailingSlash: false },
    // A malformed or over-long address is answered in the one error envelope, never echoed back
    // (Fastify's own answer repeats the whole path: 100 kB in, 100 kB out).
    frameworkErrors: (error, request, reply) => {
      const tooLong = error.statusCode === 414;
      void (reply as unknown as FastifyReply).status(tooLong ? 414 : 400).send({
        message: tooLong ? 'The address is too long' : 'The address could not be read',
        code: ERROR_CODES.badRequest,
        request_id: request.id,
      });
    },
  }).withTypeProvider<ZodTypeProvider>();

  if (options.requestLog === 'one-line') logOneLinePerRequest(app);
  if (options.requestLog === 'one-entry') logOneEntryPerRequest(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // `x-request-id` is set when the request arrives, with the security headers (plugins/security).

  // Infrastructure: decorated on the root, in dependency order.
  await app.register(dependenciesPlugin, deps);
  await app.register(metricsPlugin);
  await app.register(errorsPlugin);
  await app.register(securityPlugin, {
    rateLimitNamespace: options.rateLimitNamespace,
    userBudgets: options.userBudgets,
  });
  await app.register(compressPlugin);
  await app.register(docsPlugin);
  await app.register(authPlugin);
  await app.register(realtimePlugin, { heartbeatMs: options.heartbeatMs });

  // Domain modules: encapsulated, each wires its own services, routes and timers
  // (docs/architecture.md, "Module shape"). One ordered list with their prefixes.
  const modules: [FastifyPluginAsyncZod, string][] = [
    [healthModule, '/api'],
    [clientConfigModule, '/api'],
    [authModule, '/api'],
    [profilesModule, '/api'],
    [sessionModule, '/api'],
    [socialModule, '/api'],
    [postsModule, '/api'],
    [notificationsModule, '/api'],
    [searchModule, '/api'],
    [paymentsModule, '/api'],
    [trialsModule, '/api'],
    [dashboardModule, '/api'],
    [chatModule, '/api'],
    [yourDataModule, '/api'],
    [guardiansModule, '/api'],
    [reachModule, '/api'],
    [adminModule, '/api/admin'],
    // The development mailbox and the failing job exist only outside production mode.
    ...(deps.config.APP_ENV !== 'production'
      ? ([
          [devMailboxModule, '/api'],
          [devJobsModule, '/api'],
        ] as [FastifyPluginAsyncZod, string][])
      : []),
    [mediaModule, ''],
    [realtimeModule, ''],
  ];
  for (const [module, prefix] of modules) await app.register(module, { prefix });

  // The BullMQ board (scaled mode only), outside /api: a plain navigation opens it (cookie).
  await app.register(queueBoardPlugin, { prefix: BOARD_PATH });
  await app.register(spaPlugin);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
