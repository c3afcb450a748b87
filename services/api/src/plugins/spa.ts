import { existsSync } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { ERROR_CODES } from '@touchline/shared';

const NOT_SPA = /^\/(api|media|media-private|ws)(\/|$)/;

/** Hashed build output (`/assets/name-hash.js`): a changed file gets a new name. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * index.html, the service worker and the web app manifest: always revalidated (ETag), so a deploy
 * (or an update check of the installed app) sees it at once.
 */
export const REVALIDATE = 'no-cache';
/** Other unhashed public files (icons, manifest): cached briefly. */
const SHORT = 'public, max-age=3600';

/** By the file served (its path in WEB_DIST_DIR, maybe its `.br` / `.gz` copy). */
function cacheControlFor(root: string, file: string): string {
  const name = path
    .relative(root, file)
    .split(path.sep)
    .join('/')
    .replace(/\.(br|gz)$/, '');
  if (name.startsWith('assets/')) return IMMUTABLE;
  if (name === 'sw.js' || name === 'manifest.webmanifest' || name.endsWith('.html')) {
    return REVALIDATE;
  }
  return SHORT;
}

/**
 * Serves the built SPA from WEB_DIST_DIR. Any other GET or HEAD that is not an API, media or
 * socket path answers index.html (client-side routing shows its own 404); API misses answer the
 * JSON envelope.
 *
 * Files go out as the build compressed them (`x.js.br`, `x.js.gz`, web/build-plugins/compress.ts)
 * when the client accepts it, with Content-Encoding and `Vary: Accept-Encoding`; nothing static is
 * compressed per request. Hashed assets are cached for a year (`immutable`); index.html is
 * `no-cache` with an ETag, so a browser revalidates it (304) and picks up a new build at once.
 * Dot paths (the build's `.vite/manifest.json`) are not served.
 */
export const spaPlugin = fp(
  async (app) => {
    const root = app.config.WEB_DIST_DIR;
    const indexFile = path.join(root, 'index.html');
    const hasSpa = existsSync(indexFile);
    if (hasSpa) {
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        index: false,
        preCompressed: true,
        // The compressed copies are found beside their file; they need no routes of their own.
        globIgnore: ['**/*.br', '**/*.gz'],
        cacheControl: false,
        etag: true,
        lastModified: true,
        setHeaders: (reply, file) => {
          reply.header('cache-control', cacheControlFor(root, file));
        },
      });
    } else {
      app.log.warn({ root }, 'SPA build not found: run `npm run build -w web` (npm start does it)');
    }

    app.setNotFoundHandler((request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      // HEAD answers as GET does (status and headers, no body: Node sends none for HEAD), so
      // uptime checks and link previews that probe with HEAD see the page, not a 404.
      if ((request.method === 'GET' || request.method === 'HEAD') && !NOT_SPA.test(pathname)) {
        if (hasSpa) return reply.sendFile('index.html', root, { cacheControl: false });
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
  { name: 'spa', dependencies: ['dependencies'] },
);
