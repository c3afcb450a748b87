import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '@touchline/shared';

/**
 * The board's own Content-Security-Policy, replacing the app's on every answer under the board's
 * path (and nowhere else). bull-board's page is its own bundle: scripts, styles, images and its
 * JSON API all come from the board's path, so everything is 'self'; 'unsafe-inline' styles as in
 * the app's policy (the page's loading placeholder has a `<style>` and style attributes). Nothing
 * from another host, no framing, no plugins.
 */
export const BOARD_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "font-src 'self'",
  "img-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** The board's stylesheet for its typefaces, relative to its `<base href>`. */
const FONTS_CSS = 'fonts/fonts.css';

/**
 * The typefaces bull-board asks Google Fonts for (IBM Plex Sans 400/500/600, IBM Plex Mono
 * 400/500), served from the board's path instead: the latin files of `@fontsource` (OFL-1.1). A
 * text outside latin falls back to the system fonts named after Plex in bull-board's own CSS.
 */
const FONT_FILES = new Map(
  [
    ['ibm-plex-sans', 'IBM Plex Sans', [400, 500, 600]],
    ['ibm-plex-mono', 'IBM Plex Mono', [400, 500]],
  ].flatMap(([pkg, family, weights]) =>
    (weights as number[]).map((weight) => {
      const file = `${pkg as string}-latin-${weight}-normal.woff2`;
      return [file, { pkg: `@fontsource/${pkg as string}`, family: family as string, weight }];
    }),
  ),
);

const fontsCss = [...FONT_FILES]
  .map(
    ([file, font]) =>
      `@font-face{font-family:'${font.family}';font-style:normal;font-weight:${font.weight};` +
      `font-display:swap;src:url(${file}) format('woff2')}`,
  )
  .join('\n');

/** Any `<link>` to Google Fonts (the stylesheet, a preconnect). */
const GOOGLE_FONTS_LINK = /<link\b[^>]*\bhref="https:\/\/fonts\.(?:googleapis|gstatic)\.com[^>]*>/g;

/** bull-board's page with its Google Fonts link swapped for the board's own stylesheet. */
export function withLocalFonts(html: string): string {
  let swapped = false;
  return html.replace(GOOGLE_FONTS_LINK, () => {
    if (swapped) return '';
    swapped = true;
    return `<link href="${FONTS_CSS}" rel="stylesheet">`;
  });
}

const require = createRequire(import.meta.url);
const packageDir = (pkg: string) => dirname(require.resolve(`${pkg}/package.json`));

/**
 * Called on the board's own context (behind its administrator check; not a plugin of its own, so
 * the hooks reach bull-board's routes): the board's policy on every answer, the page rewritten to
 * its local fonts, and `fonts/` (the stylesheet and the files, cached a day; another name is 404).
 */
export function serveBoardPage(board: FastifyInstance) {
  board.addHook('onRequest', async (_request, reply) => {
    reply.header('content-security-policy', BOARD_CSP);
  });
  board.addHook('onSend', async (_request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    return typeof payload === 'string' && type.startsWith('text/html')
      ? withLocalFonts(payload)
      : payload;
  });

  board.get(`/${FONTS_CSS}`, { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/css; charset=utf-8')
      .header('cache-control', 'private, max-age=86400')
      .send(fontsCss),
  );
  board.get<{ Params: { file: string } }>(
    '/fonts/:file',
    { schema: { hide: true } },
    async (request, reply) => {
      const font = FONT_FILES.get(request.params.file);
      if (!font) {
        return reply.status(404).send({ message: 'Not found', code: ERROR_CODES.notFound });
      }
      const bytes = await readFile(join(packageDir(font.pkg), 'files', request.params.file));
      return reply.type('font/woff2').header('cache-control', 'private, max-age=86400').send(bytes);
    },
  );
}
