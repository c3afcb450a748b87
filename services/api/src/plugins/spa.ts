import { existsSync } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { ERROR_CODES } from '@touchline/shared';

const NOT_SPA = /^\/(api|media|media-private|ws)(\/|$)/;

/**
 * Serves the built SPA from WEB_DIST_DIR. Any other GET or HEAD that is not an API, media or
 * socket path answers index.html (client-side routing shows its own 404); API misses answer the
 * JSON envelope.
 */
export const spaPlugin = fp(
  async (app) => {
    const root = app.config.WEB_DIST_DIR;
    const indexFile = path.join(root, 'index.html');
    const hasSpa = existsSync(indexFile);
    if (hasSpa) {
      await app.register(fastifyStatic, { root, wildcard: false, index: false, maxAge: '1h' });
    } else {
      app.log.warn({ root }, 'SPA build not found: run `npm run build -w web` (npm start does it)');
    }

    app.setNotFoundHandler((request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      // HEAD answers as GET does (status and headers, no body: Node sends none for HEAD), so
      // uptime checks and link previews that probe with HEAD see the page, not a 404.
      if ((request.method === 'GET' || request.method === 'HEAD') && !NOT_SPA.test(pathname)) {
        if (hasSpa) return reply.header('cache-control', 'no-cache').sendFile('index.html', root);
        return reply
          .type('text/plain')
          .send('The web app is not built yet: run `npm run build -w web`.');
      }
      return reply.status(404).send({
        message: `Route ${request.method}:${pathname} not found`,
        code: ERROR_CODES.notFound,
        request_id: request.id,
      });
    });
  },
  { name: 'spa', dependencies: ['platform'] },
);
