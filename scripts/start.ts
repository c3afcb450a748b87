/**
 * `npm start`: the whole product in one process on the embedded defaults (or on the services the
 * environment names). Builds the SPA when `web/dist` is missing or older than its sources, and
 * the server (`npm run build:server`: compiled JavaScript and the embedded database's migrated
 * template in `dist/`) when that is missing or older than its sources, then starts the compiled
 * API server — which also runs the workers, the realtime hub and the demo seed, and prints the
 * URL and the demo logins. Configuration and its defaults live in the server's config.
 * `npm run dev` runs the TypeScript sources through tsx instead (watching them).
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { run } from './lib/process';
import { serverBuildReason, webBuildReason } from './lib/build-staleness';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverEntry = path.join(root, 'dist', 'api.js');

type ServerModule = { main?: () => Promise<unknown> };

async function buildWebIfStale(): Promise<void> {
  const reason = webBuildReason(root);
  if (!reason) return;
  console.log(`Building the web app (${reason}): npm run build -w web`);
  const result = await run('npm', ['run', 'build', '-w', 'web'], { cwd: root, ownGroup: false });
  if (result.code !== 0) {
    throw new Error(
      `the web build failed (exit ${result.code ?? result.signal}); see the output above`,
    );
  }
}

async function buildServerIfStale(): Promise<void> {
  const reason = serverBuildReason(root);
  if (!reason) return;
  console.log(`Building the server (${reason}): npm run build:server`);
  const result = await run('npm', ['run', 'build:server'], { cwd: root, ownGroup: false });
  if (result.code !== 0) {
    throw new Error(
      `the server build failed (exit ${result.code ?? result.signal}); see the output above`,
    );
  }
}

async function main(): Promise<void> {
  await buildWebIfStale();
  await buildServerIfStale();
  // Imported, not spawned: one process. The module only starts itself when it is the entry
  // point, so start it through its exported main().
  const server = (await import(pathToFileURL(serverEntry).href)) as ServerModule;
  if (typeof server.main !== 'function') {
    throw new Error(`${path.relative(root, serverEntry)} does not export main()`);
  }
  await server.main();
}

main().catch((error: unknown) => {
  // Configuration errors are a readable list already; anything else keeps its stack.
  console.error(error instanceof Error && error.name === 'ConfigError' ? error.message : error);
  process.exit(1);
});
