import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync } from 'node:fs';
import path from 'node:path';

export type RunResult = {
  /** Exit code; null when the process was killed by a signal or could not start. */
  code: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  /** Set when the command could not be started at all (missing binary). */
  spawnError?: string;
};

export type RunOptions = {
  cwd: string;
  env?: NodeJS.ProcessEnv;
  /** Kill the whole process group after this many milliseconds. */
  timeoutMs?: number;
  /**
   * Run in its own process group (default) so a timeout or Ctrl-C (see `forwardSignals`) stops
   * everything it started. Pass false for a plain child that shares the terminal's Ctrl-C.
   */
  ownGroup?: boolean;
  /** Send stdout and stderr to this file (appended) instead of the terminal. */
  output?: string;
};

/** The running stages' commands (several when stages run side by side). */
const running = new Set<ChildProcess>();
const groups = new WeakSet<ChildProcess>();

/** The repository's own binary (what `npx <name>` would run), so no npm round trip per stage. */
export function localBin(root: string, name: string): string {
  const bin = path.join(root, 'node_modules', '.bin', name);
  if (!existsSync(bin)) {
    throw new Error(`${bin} is missing: run \`npm install\` (or \`npm ci\`) first`);
  }
  return bin;
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  if (!groups.has(child)) {
    child.kill(signal);
    return;
  }
  try {
    process.kill(-child.pid, signal); // the child leads its own process group
  } catch {
    child.kill(signal);
  }
}

/**
 * Runs a command with inherited stdio (developers see its progress), or with its output in a file,
 * in its own process group, so a timeout or Ctrl-C stops everything it started (test servers,
 * browsers, workers).
 */
export function run(
  command: string,
  args: readonly string[],
  options: RunOptions,
): Promise<RunResult> {
  return new Promise((resolve) => {
    const fd = options.output === undefined ? undefined : openSync(options.output, 'a');
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: fd === undefined ? 'inherit' : ['ignore', fd, fd],
      detached: options.ownGroup ?? true,
    });
    if (fd !== undefined) closeSync(fd); // the child has its own copy
    running.add(child);
    if (options.ownGroup ?? true) groups.add(child);
    let timedOut = false;
    let hardKill: NodeJS.Timeout | undefined;
    const timer =
      options.timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            timedOut = true;
            killGroup(child, 'SIGTERM');
            hardKill = setTimeout(() => killGroup(child, 'SIGKILL'), 10_000);
          }, options.timeoutMs);
    const finish = (result: RunResult) => {
      if (timer) clearTimeout(timer);
      if (hardKill) clearTimeout(hardKill);
      running.delete(child);
      resolve(result);
    };
    child.once('error', (error) =>
      finish({ code: null, signal: null, timedOut, spawnError: error.message }),
    );
    child.once('exit', (code, signal) => {
      // Leftovers of the group (a server a test forgot to close) must not outlive the stage.
      killGroup(child, 'SIGKILL');
      finish({ code, signal, timedOut });
    });
  });
}

/** Forwards Ctrl-C / SIGTERM to the running stages, then exits with the conventional code. */
export function forwardSignals(): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      for (const child of running) killGroup(child, signal);
      process.exit(signal === 'SIGINT' ? 130 : 143);
    });
  }
}

/** A copy of the environment without the given variables (and without matching prefixes). */
export function envWithout(
  names: readonly string[],
  prefixes: readonly string[] = [],
  base: NodeJS.ProcessEnv = process.env,
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(base)) {
    if (names.includes(key) || prefixes.some((p) => key.startsWith(p))) continue;
    env[key] = value;
  }
  return env;
}
