import { constants } from 'node:zlib';
import type { PluginOption } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

/**
 * Build-time brotli and gzip copies of the static assets (issue 15): `x.js.br` and `x.js.gz`
 * beside `x.js`, at the best settings (done once per build, never per request). The API's SPA
 * plugin serves them with `@fastify/static`'s `preCompressed`, so a browser gets the smallest copy
 * its Accept-Encoding allows. Images and fonts are compressed already and are left alone; a copy
 * that would not be smaller is skipped. The manifest under `.vite/` is not a served file.
 */
export function compressionPlugins(): PluginOption[] {
  return [
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', {
          params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
        }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      include: /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|wasm)$/,
      exclude: /(^|\/)\.vite\//,
      threshold: 512,
      skipIfLargerOrEqual: true,
      logLevel: 'silent',
    }),
  ];
}
