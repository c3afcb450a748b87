import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import { closeRedis, createRedisConnection } from '@touchline/drivers';
import { refuseNulCharacter } from '../lib/form';

/**
 * Security headers, CORS (same-origin by default; extra origins from CORS_ORIGINS) and a global
 * per-IP rate limit, shared across instances through Redis when REDIS_URL is set. Sensitive routes
 * (sign-in, codes) set tighter limits of their own.
 */
export const securityPlugin = fp(
  async (app, options: { rateLimitNamespace?: string }) => {
    await app.register(helmet, {
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
    // Every route's input, once: a NUL in the path, query or a JSON body answers 400 (multipart
    // fields are checked by the form parser, which reads them later).
    app.addHook('preValidation', async (request) => {
      refuseNulCharacter(request.params, 'params');
      refuseNulCharacter(request.query, 'query');
      refuseNulCharacter(request.body);
    });
    await app.register(cors, {
      origin: app.config.CORS_ORIGINS.length > 0 ? app.config.CORS_ORIGINS : false,
      credentials: false,
    });
    // With Redis, every API instance counts against the same budget; if Redis fails, requests
    // pass rather than fail (skipOnError) — the limit is a guard, not a gate.
    const redis = app.config.REDIS_URL
      ? createRedisConnection(
          app.config.REDIS_URL,
          { name: 'rate-limit', mode: 'fail-fast' },
          app.log,
        )
      : undefined;
    if (redis) app.addHook('onClose', async () => closeRedis(redis));
    await app.register(rateLimit, {
      global: true,
      ...(redis
        ? { redis, nameSpace: options.rateLimitNamespace ?? 'touchline-rl:', skipOnError: true }
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
  { name: 'security', dependencies: ['platform'] },
);
