import fastifyCompress from '@fastify/compress';
import fp from 'fastify-plugin';

/** Smaller answers go out as they are: compressing them costs more than the bytes it saves. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** API paths: the only answers compressed per request (not the API docs' static files). */
const API_PATH = /^\/api(?!\/docs\/static)(\/|$)/;
/** JSON (and problem+json and the like): what the API answers. */
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json(?:;|$)/;

/**
 * Compression of API answers above a threshold (issue 15), brotli (quality 4) or gzip as the
 * client's Accept-Encoding prefers, with `Vary: Accept-Encoding`.
 *
 * Only routes under /api get the hook: static files are compressed at build and served from their
 * `.br` / `.gz` copies by the SPA plugin; media (images, video) are compressed already; sockets
 * answer no body. Every other route is registered with `compress: false`, so it pays nothing. On
 * an API route an answer below COMPRESS_THRESHOLD_BYTES leaves the hook after a few header reads.
 * Request bodies are never decompressed (no client sends them compressed).
 */
export const compressPlugin = fp(
  async (app) => {
    // Runs before @fastify/compress's own onRoute hook (registered next), which honours it.
    app.addHook('onRoute', (route) => {
      if (route.compress === undefined && !API_PATH.test(route.url ?? route.path ?? '')) {
        route.compress = false;
      }
    });
    await app.register(fastifyCompress, {
      global: true,
      globalDecompression: false,
      threshold: COMPRESS_THRESHOLD_BYTES,
      encodings: ['br', 'gzip'],
      customTypes: JSON_TYPE,
    });
  },
  { name: 'compress', dependencies: ['dependencies'] },
);
