/**
 * Names and leftovers of the compose tier's projects: each run is a fresh compose project
 * `touchline-compose-<pid>` (its containers, volumes and network carry the name), so runs never
 * share state, and a run that was killed is recognised by its dead pid and cleaned up by the next.
 */
import { createServer } from 'node:net';
import { podman } from './podman';

const PREFIX = 'touchline-compose-';

export function projectName(pid: number): string {
  return `${PREFIX}${pid}`;
}

/** The pid in a project name, or null for other projects. */
export function pidOfProject(name: string): number | null {
  const match = /^touchline-compose-(\d+)$/.exec(name);
  return match ? Number(match[1]) : null;
}

/** Projects of earlier runs whose process is gone (never `own`, never another project). */
export function staleProjects(
  names: Iterable<string>,
  own: string,
  alive: (pid: number) => boolean,
): string[] {
  const stale = new Set<string>();
  for (const name of names) {
    const pid = pidOfProject(name);
    if (pid !== null && name !== own && !alive(pid)) stale.add(name);
  }
  return [...stale].sort();
}

export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((s) => s.trim())
    .filter(Boolean);

/** What podman holds of a project: containers, volumes, its network. */
export async function projectResources(
  project: string,
): Promise<{ containers: string[]; running: string[]; volumes: string[]; networks: string[] }> {
  const label = `label=io.podman.compose.project=${project}`;
  const [all, running, volumes, networks] = await Promise.all([
    podman(['ps', '-a', '--filter', label, '--format', '{{.Names}}']),
    podman(['ps', '--filter', label, '--format', '{{.Names}}']),
    podman(['volume', 'ls', '--filter', label, '--format', '{{.Name}}']),
    podman(['network', 'ls', '--format', '{{.Name}}']),
  ]);
  return {
    containers: lines(all.stdout),
    running: lines(running.stdout),
    volumes: lines(volumes.stdout),
    networks: lines(networks.stdout).filter((n) => n === `${project}_default`),
  };
}

/** Every compose project name podman knows of (containers, volumes, networks). */
export async function knownProjects(): Promise<string[]> {
  const [containers, volumes, networks] = await Promise.all([
    podman(['ps', '-a', '--format', '{{index .Labels "io.podman.compose.project"}}']),
    podman(['volume', 'ls', '--format', '{{index .Labels "io.podman.compose.project"}}']),
    podman(['network', 'ls', '--format', '{{.Name}}']),
  ]);
  return [
    ...lines(containers.stdout),
    ...lines(volumes.stdout),
    ...lines(networks.stdout).map((n) => n.replace(/_default$/, '')),
  ];
}

/** Removes whatever podman holds of a project (containers first, then volumes and network). */
export async function removeProject(project: string): Promise<void> {
  const held = await projectResources(project);
  if (held.containers.length > 0)
    await podman(['rm', '-f', '-t', '5', ...held.containers], 120_000);
  if (held.volumes.length > 0) await podman(['volume', 'rm', '-f', ...held.volumes]);
  if (held.networks.length > 0) await podman(['network', 'rm', '-f', ...held.networks]);
}

/**
 * The tier's published ports: 47000-47999, inside the range CI keeps out of the kernel's
 * ephemeral ports (.ci/run), so no outgoing connection takes one between this probe and the
 * container's start (a port the kernel handed out once was seen taken by then).
 */
export const PORT_RANGE = [47000, 47999] as const;

function canBind(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** `count` free loopback ports of PORT_RANGE, from a random start (runs side by side differ). */
export async function freePorts(count: number): Promise<number[]> {
  const [from, to] = PORT_RANGE;
  const size = to - from + 1;
  const start = Math.floor(Math.random() * size);
  const found: number[] = [];
  for (let i = 0; i < size && found.length < count; i++) {
    const port = from + ((start + i) % size);
    if (await canBind(port)) found.push(port);
  }
  if (found.length < count) throw new Error(`no ${count} free ports in ${from}-${to}`);
  return found;
}
