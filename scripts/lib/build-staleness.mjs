// Plain JavaScript (typed by build-staleness.d.mts): `npm start`'s launcher, scripts/start.mjs,
// runs on plain node, with no TypeScript loader to start first (decision 62).
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** What the SPA bundle is built from (the web sources and the shared contract). */
const WEB_SOURCES = [
  'web/src',
  'web/public',
  'web/index.html',
  'web/vite.config.ts',
  'packages/shared/src',
];
const IGNORED_DIRS = new Set(['node_modules', 'dist', 'test-results', '.turbo']);
const TEST_FILE = /\.test\.[cm]?[jt]sx?$/;

/** @param {string} target @returns {number} */
function newestMtime(target) {
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
export function webBuildReason(root) {
  const builtIndex = path.join(root, 'web', 'dist', 'index.html');
  if (!existsSync(builtIndex)) return 'web/dist/index.html is missing';
  const builtAt = statSync(builtIndex).mtimeMs;
  const newest = Math.max(...WEB_SOURCES.map((source) => newestMtime(path.join(root, source))));
  return newest > builtAt ? 'web sources changed since the last build' : null;
}

/**
 * What the server bundles and the database template are built from (`npm run build:server`):
 * the services' and packages' sources, the migrations, the lock file and the build itself.
 */
const SERVER_SOURCES = [
  'services',
  'packages',
  'migrations',
  'package-lock.json',
  'scripts/build-server.ts',
  'scripts/lib/server-bundle.ts',
];

/**
 * Why `dist/` must be (re)built, or null when the bundles and the templates (migrated; the demo
 * world seeded, decision 66) are up to date.
 */
export function serverBuildReason(root) {
  const outputs = [
    'api.js',
    'pglite-template',
    'pglite-template.json',
    'pglite-demo',
    'pglite-demo.json',
  ].map((file) => path.join(root, 'dist', file));
  const missing = outputs.find((file) => !existsSync(file));
  if (missing) return `${path.relative(root, missing)} is missing`;
  const builtAt = Math.min(...outputs.map((file) => statSync(file).mtimeMs));
  const newest = Math.max(...SERVER_SOURCES.map((source) => newestMtime(path.join(root, source))));
  return newest > builtAt ? 'server sources changed since the last build' : null;
}
