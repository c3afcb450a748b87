import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** What the SPA bundle is built from (the web sources and the shared contract). */
const SOURCES = [
  'web/src',
  'web/public',
  'web/index.html',
  'web/vite.config.ts',
  'packages/shared/src',
];
const IGNORED_DIRS = new Set(['node_modules', 'dist', 'test-results', '.turbo']);
const TEST_FILE = /\.test\.[cm]?[jt]sx?$/;

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return TEST_FILE.test(target) ? 0 : stats.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    if (entry.isDirectory() && IGNORED_DIRS.has(entry.name)) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

/** Why the SPA must be (re)built, or null when `web/dist` is up to date. */
export function webBuildReason(root: string): string | null {
  const builtIndex = path.join(root, 'web', 'dist', 'index.html');
  if (!existsSync(builtIndex)) return 'web/dist/index.html is missing';
  const builtAt = statSync(builtIndex).mtimeMs;
  const newest = Math.max(...SOURCES.map((source) => newestMtime(path.join(root, source))));
  return newest > builtAt ? 'web sources changed since the last build' : null;
}
