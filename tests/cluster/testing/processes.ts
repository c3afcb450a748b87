/**
 * Child processes of the cluster tier: each one in its own process group, registered so that it is
 * killed when the test file ends — by its afterAll, and by exit and signal hooks when the test
 * process dies first — so a CI run leaves nothing behind.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Synchronous clean-ups run on exit: kill process groups, stop clusters, remove directories. */
const exitCleanups = new Set<() => void>();
let hooked = false;

function runExitCleanups() {
  for (const cleanup of [...exitCleanups].reverse()) {
    try {
      cleanup();
    } catch {
      // best effort: the process is going away
    }
  }
  exitCleanups.clear();
}

/** Registers a synchronous clean-up for an abnormal end; returns its removal. */
export function onExit(cleanup: () => void): () => void {
  if (!hooked) {
    hooked = true;
    process.once('exit', runExitCleanups);
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
      process.once(signal, () => {
        runExitCleanups();
        process.exit(128 + (signal === 'SIGINT' ? 2 : signal === 'SIGTERM' ? 15 : 1));
      });
    }
  }
  exitCleanups.add(cleanup);
  return () => exitCleanups.delete(cleanup);
}

/** A directory removed on exit unless removed before. */
export function removeOnExit(directory: string): () => void {
  return onExit(() => rmSync(directory, { recursive: true, force: true }));
}

export type Child = {
  name: string;
  process: ChildProcess;
  pid: number;
  /** Everything the process wrote (stdout and stderr), for waits and failure reports. */
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  alive: () => boolean;
  /** Sends the signal to the whole process group. */
  signal: (signal: NodeJS.Signals) => void;
  /** SIGKILL and wait for the exit. */
  kill: () => Promise<void>;
  /** SIGTERM, then SIGKILL after `graceMs`; waits for the exit. */
  stop: (graceMs?: number) => Promise<void>;
};

const MAX_OUTPUT = 200_000;

/** Starts a command in its own process group, its output kept (the tail) in memory. */
export function startChild(
  name: string,
  command: string,
  args: string[],
  options: { env: NodeJS.ProcessEnv; cwd?: string },
): Child {
  const child = spawn(command, args, {
    cwd: options.cwd ?? repoRoot,
    env: options.env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid === undefined) throw new Error(`${name}: could not start ${command}`);
  const pid = child.pid;
  let output = '';
  const append = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > MAX_OUTPUT) output = output.slice(-MAX_OUTPUT / 2);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  let running = true;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      running = false;
      resolve({ code, signal });
    }),
  );
  const killGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-pid, signal);
    } catch {
      // already gone
    }
  };
  const unregister = onExit(() => killGroup('SIGKILL'));
  void exited.then(() => {
    // The group may hold grandchildren: make sure none outlives the leader.
    killGroup('SIGKILL');
    unregister();
  });
  const result: Child = {
    name,
    process: child,
    pid,
    output: () => output,
    exited,
    alive: () => running,
    signal: killGroup,
    kill: async () => {
      if (running) killGroup('SIGKILL');
      await exited;
    },
    stop: async (graceMs = 10_000) => {
      if (!running) return;
      killGroup('SIGTERM');
      const timer = setTimeout(() => killGroup('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
  return result;
}

/** Runs a TypeScript entry point with node and the tsx loader: one process, so SIGKILL hits it. */
export function startTsx(name: string, entry: string, env: NodeJS.ProcessEnv): Child {
  return startChild(name, process.execPath, ['--import', 'tsx', path.join(repoRoot, entry)], {
    env,
  });
}

/** Runs a command to its end; throws with its output when it fails. */
export async function runToEnd(
  name: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<string> {
  const child = startChild(name, command, args, { env });
  const { code, signal } = await child.exited;
  if (code !== 0) {
    throw new Error(
      `${name} failed (${signal ?? `exit ${code}`}):\n${child.output().slice(-4000)}`,
    );
  }
  return child.output();
}

/** Synchronous variant for exit hooks. */
export function runSync(command: string, args: string[]): void {
  spawnSync(command, args, { stdio: 'ignore', timeout: 15_000 });
}

/** Thrown by a wait's check when waiting longer cannot help (the process it waits for exited). */
export class WaitAbortedError extends Error {
  override name = 'WaitAbortedError';
}

/**
 * Polls `check` until it returns a value other than undefined/false; fails after `timeoutMs`.
 * Errors of `check` count as "not yet", except WaitAbortedError, which fails the wait at once.
 */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined | false> | T | undefined | false,
  { timeoutMs = 60_000, intervalMs = 100 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value;
    } catch (err) {
      if (err instanceof WaitAbortedError) throw err;
      lastError = err;
    }
    if (Date.now() > deadline) {
      const detail = lastError instanceof Error ? ` (last error: ${lastError.message})` : '';
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${detail}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** True when nothing listens on the loopback port. */
function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen({ host: '127.0.0.1', port, exclusive: true }, () =>
      server.close(() => resolve(true)),
    );
  });
}

const taken = new Set<number>();

/** A free loopback port in [from, to] (this tier's range), never handed out twice by this process. */
export async function freePort(from: number, to: number): Promise<number> {
  for (let port = from; port <= to; port++) {
    if (taken.has(port)) continue;
    if (await portIsFree(port)) {
      taken.add(port);
      return port;
    }
  }
  throw new Error(`no free port in ${from}-${to}`);
}
