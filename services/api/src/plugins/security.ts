import fp from 'fastify-plugin';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify from 'fastify';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import { closeRedis, createRedisConnection } from '@touchline/drivers';
import { refuseNulCharacter } from '../lib/form';
import { leasedRedisStore } from '../lib/rate-limit-store';
import { USER_BUDGETS, type UserBudgets } from '../lib/user-rate-limit';
import { lazySchemaCompilers } from '../lib/schema-compilers';

/**
 * Security headers, CORS (same-origin by default; extra origins from CORS_ORIGINS) and a global
 * per-IP rate limit, shared across instances through Redis when REDIS_URL is set. Sensitive routes
 * (sign-in, codes) set tighter limits of their own.
 */
export const securityPlugin = fp(
  async (app, options: { rateLimitNamespace?: string; userBudgets?: Partial<UserBudgets> }) => {
    // The per-user budgets the domain modules' preHandlers count against (lib/user-rate-limit).
    app.decorate('userBudgets', { ...USER_BUDGETS, ...options.userBudgets });
    // Security headers, computed once (no per-request nonces; @fastify/helmet would rebuild
    // helmet and re-parse the policy on every request), in two sets (decision 69):
    // - documents (the SPA's index.html and files, media, the API docs' page): helmet's whole set
    //   with the app's Content-Security-Policy;
    // - API answers (JSON under /api/): the set a JSON API needs (OWASP REST Security): no
    //   caching of private answers, nosniff, never framed, no referrer, HTTPS only, same-origin
    //   reads, and a policy that lets an answer opened as a page run and load nothing.
    // The request id rides in the same hook (one onRequest for every answer's headers).
    const documentHeaders = await helmetHeaders({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", 'https://accounts.google.com/gsi/client'],
          frameSrc: ["'self'", 'https://accounts.google.com/'],
          connectSrc: ["'self'", 'ws:', 'wss:', 'https://accounts.google.com/gsi/'],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          mediaSrc: ["'self'", 'blob:', 'https:'],
          styleSrc: ["'self'", "'unsafe-inline'", 'https://accounts.google.com/gsi/style'],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    });
    const apiHeaders = apiSecurityHeaders(documentHeaders);
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(isApiAnswer(request.url) ? apiHeaders : documentHeaders);
      reply.header('x-request-id', request.id);
      done();
    });
    // Every route's input, once: a NUL in the path, query or a JSON body answers 400 (multipart
    // fields are checked by the form parser, which reads them later).
    // A callback hook: no promise per request.
    app.addHook('preValidation', (request, _reply, done) => {
      try {
        refuseNulCharacter(request.params, 'params');
        refuseNulCharacter(request.query, 'query');
        refuseNulCharacter(request.body);
      } catch (error) {
        done(error as Error);
        return;
      }
      done();
    });
    // Same-origin by default: without CORS_ORIGINS no cross-origin header or preflight is ever
    // answered, so the plugin (a hook with two copies of its options per request) is not
    // registered at all (decision 69); a browser's cross-origin request is refused as before.
    if (app.config.CORS_ORIGINS.length > 0)
      await app.register(cors, { origin: app.config.CORS_ORIGINS, credentials: false });
    // With Redis, every API instance counts against the same budget, without a round trip per
    // request; if Redis fails, requests pass rather than fail (skipOnError) — the limit is a
    // guard, not a gate.
    const redis = app.config.REDIS_URL
      ? await createRedisConnection(
          app.config.REDIS_URL,
          { name: 'rate-limit', mode: 'fail-fast' },
          app.log,
        )
      : undefined;
    if (redis) app.addHook('onClose', async () => closeRedis(redis));
    await app.register(rateLimit, {
      global: true,
      ...(redis
        ? {
            // Shares of each address's budget spent in memory (lib/rate-limit-store.ts).
            store: leasedRedisStore(redis, options.rateLimitNamespace ?? 'touchline-rl:'),
            skipOnError: true,
          }
        : {}),
      max: app.config.RATE_LIMIT_PER_MINUTE,
      timeWindow: '1 minute',
      // The budget is for the API: health probes and the SPA's files and media (script chunks,
      // photos, video range requests, all cacheable) do not spend it.
      allowList: (request) =>
        request.url === '/api/health' ||
        ((request.method === 'GET' || request.method === 'HEAD') &&
          !request.url.startsWith('/api/') &&
          !request.url.startsWith('/ws/')),
    });
  },
  { name: 'security', dependencies: ['dependencies'] },
);

/**
 * API answers: JSON under /api/, but not the API docs' page and its files (documents). An
 * answer that sets its own header (e.g. a cacheable file) replaces the default.
 */
export function isApiAnswer(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/docs');
}

/** The API answers' headers: the documents' HTTPS and resource policies, the rest fixed. */
export function apiSecurityHeaders(documentHeaders: Record<string, string>) {
  return {
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': documentHeaders['cross-origin-resource-policy']!,
    'referrer-policy': documentHeaders['referrer-policy']!,
    'strict-transport-security': documentHeaders['strict-transport-security']!,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  };
}

/** The headers @fastify/helmet sets with these options, read once from a throw-away instance. */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false, schemaController: lazySchemaCompilers() });
  await probe.register(helmet, options);
  probe.get('/', async () => '');
  const plain = Fastify({ logger: false, schemaController: lazySchemaCompilers() });
  plain.get('/', async () => '');
  try {
    const [withHelmet, without] = await Promise.all([probe.inject('/'), plain.inject('/')]);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(withHelmet.headers)) {
      if (name in without.headers || value === undefined) continue;
      headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
    }
    return headers;
  } finally {
    await Promise.all([probe.close(), plain.close()]);
  }
}
