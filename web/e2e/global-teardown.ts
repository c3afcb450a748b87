import { rmSync } from 'node:fs';
import { fakeGoogle, fakePushServices } from './global-setup';

/**
 * Stops the servers started by global-setup.ts (each one's whole process group) and the Google
 * certificate server and the fake push services, and deletes the data.
 */
export default async function globalTeardown(): Promise<void> {
  const pids = (process.env.E2E_SERVER_PIDS ?? '').split(',').map(Number);
  await Promise.all(pids.filter((pid) => pid > 0).map(stopGroup));
  delete process.env.E2E_SERVER_PIDS;
  if (fakeGoogle.server) {
    const server = fakeGoogle.server;
    fakeGoogle.server = null;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
  await Promise.all(fakePushServices.splice(0).map((service) => service.close()));
  for (const dataDir of (process.env.E2E_DATA_DIRS ?? '').split(',').filter(Boolean))
    rmSync(dataDir, { recursive: true, force: true });
  delete process.env.E2E_DATA_DIRS;
}

async function stopGroup(pid: number): Promise<void> {
  if (!signal(pid, 'SIGTERM')) return;
  // The server shuts down gracefully (closes sockets, database); give it a moment, then insist.
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    if (!signal(pid, 0)) return;
  }
  signal(pid, 'SIGKILL');
}

/** Signals the process group led by `pid`; false once it no longer exists. */
function signal(pid: number, sig: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pid, sig);
    return true;
  } catch {
    return false;
  }
}
