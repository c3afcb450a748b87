/**
 * The podman and podman-compose commands the compose tier runs, with their output captured (the
 * tier prints what matters; everything is kept for a failure's report).
 */
import { spawn } from 'node:child_process';

export type Captured = { code: number | null; stdout: string; stderr: string; timedOut: boolean };

/** Runs a command to its end (or `timeoutMs`, then SIGTERM and SIGKILL) and returns its output. */
export function capture(
  command: string,
  args: readonly string[],
  options: {
    cwd?: string;
    env?: NodeJS.ProcessEnv;
    timeoutMs?: number;
    /** 'inherit': the command's progress goes straight to the terminal (not captured). */
    stderr?: 'pipe' | 'inherit';
  } = {},
): Promise<Captured> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', options.stderr ?? 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer =
      options.timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            timedOut = true;
            child.kill('SIGTERM');
            setTimeout(() => child.kill('SIGKILL'), 5000).unref();
          }, options.timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ code: null, stdout, stderr: `${stderr}${error.message}`, timedOut });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, timedOut });
    });
  });
}

export function podman(args: readonly string[], timeoutMs = 120_000): Promise<Captured> {
  return capture('podman', args, { timeoutMs });
}

/** Fails with the command's own words unless it exits 0. */
export async function podmanOk(args: readonly string[], timeoutMs = 120_000): Promise<string> {
  const result = await podman(args, timeoutMs);
  if (result.code !== 0) {
    const why = result.timedOut ? 'timed out' : `exit ${result.code}`;
    throw new Error(`podman ${args.join(' ')}: ${why}: ${(result.stderr || result.stdout).trim()}`);
  }
  return result.stdout;
}

export type ProjectContainer = {
  id: string;
  name: string;
  service: string;
  status: string;
  exitCode: number;
  health: string;
  startedAt: string;
  finishedAt: string;
};

type Inspected = {
  Id: string;
  Name: string;
  Config: { Labels?: Record<string, string> };
  State: {
    Status: string;
    ExitCode: number;
    StartedAt: string;
    FinishedAt: string;
    Health?: { Status?: string };
    Healthcheck?: { Status?: string };
  };
};

/** Every container of a compose project (label io.podman.compose.project), inspected. */
export async function projectContainers(project: string): Promise<ProjectContainer[]> {
  const ids = (
    await podmanOk(['ps', '-a', '-q', '--filter', `label=io.podman.compose.project=${project}`])
  )
    .split('\n')
    .map((s) => s.trim())
    .filter(Boolean);
  if (ids.length === 0) return [];
  const inspected = JSON.parse(await podmanOk(['inspect', ...ids])) as Inspected[];
  return inspected.map((c) => ({
    id: c.Id,
    name: c.Name.replace(/^\//, ''),
    service: c.Config.Labels?.['com.docker.compose.service'] ?? '',
    status: c.State.Status,
    exitCode: c.State.ExitCode,
    health: c.State.Health?.Status ?? c.State.Healthcheck?.Status ?? '',
    startedAt: c.State.StartedAt,
    finishedAt: c.State.FinishedAt,
  }));
}
