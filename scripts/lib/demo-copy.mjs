// Plain JavaScript (typed by demo-copy.d.mts): `npm start`'s launcher, scripts/start.mjs, runs it
// before it imports the server (decision 68).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

/**
 * Copies the directory tree `from` to `to` (anything already at `to` is removed first) in a worker
 * thread, `cpSync` there: the main thread stays free for the modules it loads meanwhile.
 * @param {string} from @param {string} to @returns {Promise<void>}
 */
export function copyTreeInWorker(from, to) {
  const worker = new Worker(
    `const { cpSync, rmSync } = require('node:fs');
     const { from, to } = require('node:worker_threads').workerData;
     rmSync(to, { recursive: true, force: true });
     cpSync(from, to, { recursive: true });`,
    { eval: true, workerData: { from, to } },
  );
  return new Promise((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`the copy stopped (exit ${code})`)),
    );
  });
}

/**
 * A first start on the embedded defaults copies the demo world the build made (decision 66):
 * 40 MB in 1,300 files. Begun before the server's modules load, the copy runs beside that loading
 * (decision 68). Only a guess from the environment (the server's defaults: DATA_DIR `.data`,
 * PGLITE_TEMPLATE_DIR `dist`): the server decides whether to use it (copyDemoWorld in
 * services/api/src/seed/demo-template.ts) and removes it otherwise. Undefined when no copy is
 * begun: a database named, production, the demo off, a data directory in use, or no demo world.
 * @param {string} root @param {NodeJS.ProcessEnv} env
 */
export function stageDemoCopy(root, env) {
  if (env.DATABASE_URL || env.APP_ENV === 'production') return undefined;
  if (['false', '0', 'no'].includes(env.SEED_DEMO ?? '')) return undefined;
  const dataDir = path.resolve(env.DATA_DIR || path.join(root, '.data'));
  const templateDir = path.resolve(env.PGLITE_TEMPLATE_DIR || path.join(root, 'dist'));
  const template = path.join(templateDir, 'pglite-demo');
  if (existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))) return undefined;
  if (!existsSync(path.join(template, 'pglite', 'PG_VERSION'))) return undefined;
  const dir = path.join(dataDir, '.demo-world.copying');
  const done = copyTreeInWorker(template, dir);
  done.catch(() => undefined); // the server looks at the outcome
  return { dataDir, templateDir, dir, done };
}
