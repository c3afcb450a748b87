/**
 * `npm run build:server`: the API, the worker, the migration and the administrator tools compiled
 * to JavaScript in `dist/` (esbuild; the image runs these with plain `node`, no tsx and no dev
 * dependencies). See scripts/lib/server-bundle.ts for what is bundled and what stays in
 * node_modules; the build fails when a bundle imports a package no bundled workspace declares as
 * a dependency (it would be missing after `npm ci --omit=dev`).
 *
 *   dist/api.js            node dist/api.js            (the image's default command)
 *   dist/worker.js         node dist/worker.js
 *   dist/migrate.js        node dist/migrate.js
 *   dist/admin-create.js   node dist/admin-create.js <email>
 *   dist/pglite-template/  the embedded database, migrated: a fresh data directory starts as a
 *                          copy of it (packages/db/src/template.ts), no initdb or migrations
 *   dist/pglite-demo/      the same with the demo world seeded (pglite/, media/): a first
 *                          `npm start` copies it instead of seeding (decision 66), used only by
 *                          the api.js built with it (the build id esbuild writes into the bundle)
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readPgliteTemplate, TEMPLATE_DIR, writePgliteTemplate } from '@touchline/db';
import { build } from 'esbuild';
import { DEMO_TEMPLATE_DIR, writeDemoTemplate } from '../services/api/src/seed/demo-template';
import { BUNDLED_WORKSPACES, serverBuildOptions, undeclaredExternals } from './lib/server-bundle';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(root, 'dist');

async function main() {
  const t0 = Date.now();
  const buildId = randomUUID();
  // The bundles (and the demo world) are made anew; the migrated template stays when it was
  // built from the same migrations.
  if (existsSync(outdir)) {
    for (const file of readdirSync(outdir)) {
      if (file !== TEMPLATE_DIR && file !== 'pglite-template.json')
        rmSync(path.join(outdir, file), { recursive: true });
    }
  }
  const result = await build(serverBuildOptions({ root, outdir, buildId }));
  const imported = new Set<string>();
  for (const output of Object.values(result.metafile.outputs)) {
    for (const entry of output.imports) if (entry.external) imported.add(entry.path);
  }
  const manifests = BUNDLED_WORKSPACES.map(
    (dir) =>
      JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8')) as {
        dependencies?: Record<string, string>;
      },
  );
  const missing = undeclaredExternals(imported, manifests);
  if (missing.length > 0) {
    throw new Error(
      `the bundles import packages no bundled workspace lists under "dependencies" (npm ci --omit=dev would leave them out): ${missing.join(', ')}`,
    );
  }
  const sizes = Object.entries(result.metafile.outputs)
    .filter(([file]) => file.endsWith('.js'))
    .map(([file, o]) => `${path.basename(file)} ${Math.round(o.bytes / 1024)} KB`);
  console.log(
    `[build:server] ${sizes.join(', ')} in dist/ (${imported.size} packages left to node_modules) in ${Date.now() - t0} ms`,
  );
  const t1 = Date.now();
  if ((await readPgliteTemplate(outdir)).template) {
    // Up to date: marked as built now, for `npm start`'s staleness check.
    const now = new Date();
    for (const file of [TEMPLATE_DIR, 'pglite-template.json']) {
      utimesSync(path.join(outdir, file), now, now);
    }
    console.log(`[build:server] ${TEMPLATE_DIR}/ kept (built from the same migrations)`);
  } else {
    const template = await writePgliteTemplate(outdir);
    console.log(
      `[build:server] ${TEMPLATE_DIR}/ (the migrated embedded database) ${Math.round(template.bytes / 1024)} KB in ${Date.now() - t1} ms`,
    );
  }
  const t2 = Date.now();
  await writeDemoTemplate(outdir, { buildId });
  console.log(
    `[build:server] ${DEMO_TEMPLATE_DIR}/ (the demo world, seeded) in ${Date.now() - t2} ms`,
  );
}

main().catch((error: unknown) => {
  console.error(`[build:server] failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
