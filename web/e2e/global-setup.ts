import { spawn, spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { appendFileSync, mkdtempSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import type { Server } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import {
  startFakePushService,
  type FakePushService,
} from '../../packages/drivers/src/testing/fake-push-service';

/**
 * Builds the SPA (unless E2E_SKIP_BUILD=1), then starts one real server per project from the
 * repository root, each on a free port with a fresh data directory, in its embedded mode:
 * environment variables that would point it at Postgres, Redis, S3 or SMTP are removed. A
 * project's base URL reaches its tests as E2E_BASE_URL_<PROJECT> (playwright.config.ts);
 * global-teardown.ts stops the servers and deletes the directories.
 *
 * Google sign-in runs against our own signing key: an RSA key pair is generated, its public key is
 * served in Google's `{kid: pem}` format on a loopback port, and the server is started with
 * GOOGLE_CLIENT_ID and GOOGLE_CERTS_URL pointing at it. The tests sign ID tokens with the private
 * key (E2E_GOOGLE_PRIVATE_KEY, E2E_GOOGLE_KID, E2E_GOOGLE_CLIENT_ID).
 *
 * With E2E_BASE_URL already set, nothing is built or started: the journeys run against it.
 */
const repoRoot = path.resolve(import.meta.dirname, '../..');
/** How long the server may take to start (migrate, seed the demo world) on a loaded machine. */
const HEALTH_TIMEOUT_MS = 240_000;
export const E2E_GOOGLE_CLIENT_ID = 'touchline-e2e.apps.googleusercontent.com';
const GOOGLE_KID = 'touchline-e2e-key';

/** The fake push services (one per project's server), closed by global-teardown.ts. */
export const fakePushServices: FakePushService[] = [];

/** The loopback certificate server, closed by global-teardown.ts. */
export const fakeGoogle: { server: Server | null } = { server: null };

export default async function globalSetup(config: FullConfig): Promise<void> {
  if (process.env.E2E_BASE_URL) return;

  if (process.env.E2E_SKIP_BUILD !== '1') {
    const build = spawnSync('npm', ['run', 'build', '-w', 'web'], {
      cwd: repoRoot,
      stdio: 'inherit',
    });
    if (build.status !== 0) throw new Error('Building the web app failed (npm run build -w web).');
  }

  const certsUrl = await startGoogleCerts();
  // One server per project (playwright.config.ts runs the projects side by side), started together.
  // The journeys' local fake push services (push.spec.ts), one per server, listed in its hosts;
  // all listening before any server's port is picked, so no two ever get the same one.
  for (const _ of config.projects) fakePushServices.push(await startFakePushService());
  const started = await Promise.allSettled(
    config.projects.map((project, i) => startServer(project.name, certsUrl, fakePushServices[i]!)),
  );
  const failed = started.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed.length > 0) {
    const { default: teardown } = await import('./global-teardown');
    await teardown();
    throw failed[0]!.reason;
  }
}

/**
 * Starts the server for one project; its URL goes to E2E_BASE_URL_<PROJECT>, its fake push
 * service's to E2E_PUSH_SERVICE_<PROJECT>.
 */
async function startServer(
  project: string,
  certsUrl: string,
  push: FakePushService,
): Promise<void> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), `touchline-e2e-${project}-`));
  addToList('E2E_DATA_DIRS', dataDir);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    APP_ENV: 'development',
    SEED_DEMO: 'true',
    GOOGLE_CLIENT_ID: E2E_GOOGLE_CLIENT_ID,
    GOOGLE_CERTS_URL: certsUrl,
    // A project signs in and signs up many times from one address within a minute.
    AUTH_RATE_LIMIT_PER_MINUTE: process.env.AUTH_RATE_LIMIT_PER_MINUTE ?? '600',
    // …and signs the same demo academy in more than 20 times in 15 minutes.
    AUTH_ADDRESS_LIMIT_PER_15_MIN: process.env.AUTH_ADDRESS_LIMIT_PER_15_MIN ?? '200',
    // Every API call of a project comes from this one address too; the production budget
    // would refuse a busy minute of journeys.
    RATE_LIMIT_PER_MINUTE: process.env.RATE_LIMIT_PER_MINUTE ?? '6000',
    // The real push services plus the journey's loopback fake (allowed outside production only).
    PUSH_ENDPOINT_HOSTS: `fcm.googleapis.com,updates.push.services.mozilla.com,web.push.apple.com,*.notify.windows.com,${push.host}`,
  };
  for (const key of Object.keys(env)) {
    if (['DATABASE_URL', 'REDIS_URL', 'SMTP_URL'].includes(key) || key.startsWith('S3_')) {
      delete env[key];
    }
  }

  const server = spawn('npx', ['tsx', 'services/api/src/server.ts'], {
    cwd: repoRoot,
    env,
    detached: true, // its own process group: teardown stops npx, tsx and node together
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  server.stdout.on('data', collect);
  server.stderr.on('data', collect);
  if (server.pid) {
    addToList('E2E_SERVER_PIDS', String(server.pid));
    // For whoever runs Playwright (scripts/test.ts): a run stopped on its time budget never reaches
    // global-teardown, and the servers lead process groups of their own.
    if (process.env.E2E_PID_FILE) appendFileSync(process.env.E2E_PID_FILE, `${server.pid}\n`);
  }
  const baseUrl = `http://127.0.0.1:${port}`;

  try {
    await waitForHealth(baseUrl, () => server.exitCode);
  } catch (error) {
    throw new Error(
      `${project}: ${(error as Error).message}\n--- server output ---\n${output || '(none)'}\n---------------------`,
      { cause: error },
    );
  }
  // Keep the pipes drained so a chatty server never blocks on a full buffer.
  server.stdout.removeListener('data', collect);
  server.stderr.removeListener('data', collect);
  server.stdout.resume();
  server.stderr.resume();
  server.unref();

  process.env[`E2E_BASE_URL_${project.toUpperCase()}`] = baseUrl;
  process.env[`E2E_PUSH_SERVICE_${project.toUpperCase()}`] = push.origin;
}

/** Appends to a comma-separated list in the environment (read by global-teardown.ts). */
function addToList(name: string, value: string): void {
  process.env[name] = [process.env[name], value].filter(Boolean).join(',');
}

async function waitForHealth(baseUrl: string, exitCode: () => number | null): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  let last = 'no answer';
  while (Date.now() < deadline) {
    const code = exitCode();
    if (code !== null)
      throw new Error(`The server exited with code ${code} before it was healthy.`);
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (response.status === 200) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(
    `GET ${baseUrl}/api/health did not answer 200 within ${HEALTH_TIMEOUT_MS / 1000} s (${last}).`,
  );
}

/** Serves a fresh public key as Google publishes its certificates; the private key goes to env. */
async function startGoogleCerts(): Promise<string> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const body = JSON.stringify({ [GOOGLE_KID]: publicKey.export({ type: 'spki', format: 'pem' }) });
  const server = createHttpServer((_request, response) => {
    response.writeHead(200, {
      'content-type': 'application/json',
      'cache-control': 'public, max-age=300',
    });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref();
  fakeGoogle.server = server;
  const address = server.address();
  if (!address || typeof address !== 'object')
    throw new Error('The certificate server has no port');
  process.env.E2E_GOOGLE_PRIVATE_KEY = privateKey
    .export({ type: 'pkcs8', format: 'pem' })
    .toString();
  process.env.E2E_GOOGLE_KID = GOOGLE_KID;
  process.env.E2E_GOOGLE_CLIENT_ID = E2E_GOOGLE_CLIENT_ID;
  return `http://127.0.0.1:${address.port}/certs`;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}
