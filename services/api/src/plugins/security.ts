import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';

/**
 * Security headers, CORS (same-origin by default; extra origins from CORS_ORIGINS) and a global
 * per-IP rate limit. Sensitive routes (login, codes) set tighter limits of their own.
 */
export const securityPlugin = fp(
  async (app) => {
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
    await app.register(cors, {
      origin: app.config.CORS_ORIGINS.length > 0 ? app.config.CORS_ORIGINS : false,
      credentials: false,
    });
    await app.register(rateLimit, {
      global: true,
      max: app.config.RATE_LIMIT_PER_MINUTE,
      timeWindow: '1 minute',
      allowList: (request) => request.url === '/api/health',
    });
  },
  { name: 'security', dependencies: ['platform'] },
);
