/**
 * `npm start`: the whole product in one process on the embedded defaults (or on the services the
 * environment names). Builds the SPA when `web/dist` is missing or older than its sources, and
 * the server (`npm run build:server`: compiled JavaScript and the embedded database's migrated
 * template in `dist/`) when that is missing or older than its sources, then starts the compiled
 * API server — which also runs the workers, the realtime hub and the demo seed, and prints the
 * URL and the demo logins. Configuration and its defaults live in the server's config.
 *
 * Plain JavaScript run by plain node: no TypeScript loader to start and no sources to transpile
 * before the server (decision 62). `npm run dev` runs the TypeScript sources through tsx instead.
 */
import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { serverBuildReason, webBuildReason } from './lib/build-staleness.mjs';
import { stageDemoCopy } from './lib/demo-copy.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverEntry = path.join(root, 'dist', 'api.js');

/** Runs `npm <args>` in the repository with this terminal; rejects when it fails. */
function npm(args, what) {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', args, { cwd: root, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${what} failed (exit ${code ?? signal}); see the output above`));
    });
  });
}

async function main() {
  // A first start's demo world copied while the checks below run and the server's modules load
  // (decision 68); copied again after a server build, which makes a new one.
  let demoCopy = stageDemoCopy(root, process.env);
  const webReason = webBuildReason(root);
  if (webReason) {
    console.log(`Building the web app (${webReason}): npm run build -w web`);
    await npm(['run', 'build', '-w', 'web'], 'the web build');
  }
  const serverReason = serverBuildReason(root);
  if (serverReason) {
    await demoCopy?.done.catch(() => undefined);
    if (demoCopy) await rm(demoCopy.dir, { recursive: true, force: true });
    console.log(`Building the server (${serverReason}): npm run build:server`);
    await npm(['run', 'build:server'], 'the server build');
    demoCopy = stageDemoCopy(root, process.env);
  }
  // Imported, not spawned: one process. The module only starts itself when it is the entry
  // point, so start it through its exported main().
  const server = await import(pathToFileURL(serverEntry).href);
  if (typeof server.main !== 'function') {
    throw new Error(`${path.relative(root, serverEntry)} does not export main()`);
  }
  await server.main({ demoCopy });
}

main().catch((error) => {
  // Configuration errors are a readable list already; anything else keeps its stack.
  console.error(error instanceof Error && error.name === 'ConfigError' ? error.message : error);
  process.exit(1);
});
