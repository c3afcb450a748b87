import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BOARD_CSP, withLocalFonts } from './admin.queues.board-page';

const require = createRequire(import.meta.url);

/**
 * The board's page without Google Fonts, in every mode (the board itself answers only with
 * BullMQ: `admin.queues.test.ts` opens it there). Read from bull-board's own template, so an
 * upgrade that changes its font link fails here.
 */
describe('the BullMQ board page', () => {
  it("swaps bull-board's Google Fonts link for the board's own stylesheet", async () => {
    const template = await readFile(
      join(dirname(require.resolve('@bull-board/ui/package.json')), 'dist', 'index.ejs'),
      'utf8',
    );
    expect(template).toContain('https://fonts.googleapis.com/');
    const page = withLocalFonts(template);
    expect(page).not.toMatch(/https?:\/\//);
    expect(page.match(/<link href="fonts\/fonts\.css" rel="stylesheet">/g)).toHaveLength(1);
    // The rest of the page is untouched.
    expect(page.replace('<link href="fonts/fonts.css" rel="stylesheet">', '')).toBe(
      template.replace(/<link\b[^>]*fonts\.googleapis\.com[^>]*>/, ''),
    );
  });

  it('allows only the board itself: no other host, no eval', () => {
    expect(BOARD_CSP).not.toMatch(/https?:|\*|data:|blob:|unsafe-eval/);
    expect(BOARD_CSP).toContain("font-src 'self'");
    expect(BOARD_CSP).toContain("script-src 'self'");
  });
});
