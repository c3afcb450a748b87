/** Copies the tree `from` to `to` (replacing it) in a worker thread. */
export function copyTreeInWorker(from: string, to: string): Promise<void>;
/**
 * The demo world's copy begun for a first start on the embedded defaults, or undefined (see
 * demo-copy.mjs); the server's `main({ demoCopy })` uses or removes it.
 */
export function stageDemoCopy(
  root: string,
  env: NodeJS.ProcessEnv,
): { dataDir: string; templateDir: string; dir: string; done: Promise<void> } | undefined;
