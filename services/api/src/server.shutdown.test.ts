import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { SOCKET_CLOSE } from '@touchline/shared';
import { gracefulShutdown } from './server';

const serverEntry = fileURLToPath(new URL('./server.ts', import.meta.url));
const repoRoot = path.resolve(path.dirname(serverEntry), '../../..');

async function until<T>(what: string, check: () => T | undefined, ms = 60_000): Promise<T> {
  for (const deadline = Date.now() + ms; Date.now() < deadline;) {
    const value = check();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('graceful shutdown of the API process', () => {
  let child: ChildProcess | undefined;
  let dataDir: string | undefined;
  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('on SIGTERM: the socket gets the reconnect close code, no new connection is taken, the request in flight is answered, the process exits 0', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'touchline-shutdown-'));
    let output = '';
    child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        APP_ENV: 'development',
        HOST: '127.0.0.1',
        PORT: '0', // the system picks a free port; the server prints the address it got
        DATA_DIR: dataDir,
        WEB_DIST_DIR: dataDir, // no SPA needed
        SEED_DEMO: 'true',
        LOG_LEVEL: 'debug', // a request's arrival is logged at debug (decision 55)
        LOG_FORMAT: 'json', // the test finds its request's log entry by its reqId
        SHUTDOWN_TIMEOUT_MS: '20000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child!.once('exit', resolve));

    const password = await until(
      'the server to start',
      () => {
        if (child!.exitCode !== null) throw new Error(`server exited early:\n${output}`);
        return /demo logins \(password (\S+)\)/.exec(output)?.[1];
      },
      // A cold start (migrations, the demo world) is ≈ 10 s on a quiet machine; a loaded one takes
      // many times that. As the browser journeys' server, it gets 4 minutes.
      240_000,
    );
    const port = Number(/running at http:\/\/[^:]+:(\d+)/.exec(output)?.[1]);
    expect(port).toBeGreaterThan(0);
    const base = `http://127.0.0.1:${port}`;
    const login = await fetch(`${base}/api/token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'player@touchline.test', password }),
    });
    expect(login.status).toBe(200);
    const { access } = (await login.json()) as { access: string };
    const userId = (
      JSON.parse(Buffer.from(access.split('.')[1]!, 'base64url').toString()) as { sub: string }
    ).sub;

    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws/notifications/${userId}/`, [
      'bearer',
      access,
    ]);
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    // The hub holds the socket once its catch-up read is done: wait for the instance to count it.
    for (const deadline = Date.now() + 30_000; ;) {
      const res = await fetch(`${base}/api/metrics`);
      if (/^touchline_realtime_sockets 1$/m.test(await res.text())) break;
      if (Date.now() > deadline) throw new Error('the socket was never counted');
      await new Promise((r) => setTimeout(r, 50));
    }

    // A request in flight when SIGTERM arrives: the server has its headers (it logged it), not
    // yet its whole body. It must still get its real answer.
    const requestId = `shutdown-test-${Date.now()}`;
    const body = JSON.stringify({ email: 'player@touchline.test', password });
    const inFlight = request(`${base}/api/token/`, {
      method: 'POST',
      agent: false,
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'x-request-id': requestId,
        connection: 'close',
      },
    });
    const answered = new Promise<{ status: number; text: string }>((resolve, reject) => {
      inFlight.on('response', (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      });
      inFlight.on('error', reject);
    });
    inFlight.write(body.slice(0, 10));
    await until('the server to receive the request', () =>
      output.includes(`"reqId":"${requestId}"`) ? true : undefined,
    );

    child.kill('SIGTERM');
    const close = await closed;
    expect(close).toEqual({ code: SOCKET_CLOSE.serverShutdown, reason: 'server shutting down' });

    // While that request is open the process lives on, but takes no new connection (a load
    // balancer's readiness check fails at once).
    for (const deadline = Date.now() + 30_000; ;) {
      const refused = await fetch(`${base}/api/health/ready`).then(
        (res) => res.status === 503,
        () => true,
      );
      if (refused) break;
      if (Date.now() > deadline) throw new Error('still ready after SIGTERM');
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(child.exitCode).toBeNull();

    inFlight.end(body.slice(10));
    const answer = await answered;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toHaveProperty('access');

    expect(await exited).toBe(0);
    expect(output).toContain('shutting down');
    expect(output).toMatch(/"msg":"shut down"/);
    await expect(fetch(`${base}/api/health/ready`)).rejects.toThrow();
  }, 330_000);
});

describe('gracefulShutdown', () => {
  const log = { info: () => undefined, error: () => undefined };

  it('runs every step in order, a failed one included, and then exits 1', async () => {
    const ran: string[] = [];
    const code = await new Promise<number>((exit) => {
      gracefulShutdown({
        timeoutMs: 10_000,
        log,
        exit,
        steps: [
          ['a', async () => void ran.push('a')],
          [
            'b',
            async () => {
              ran.push('b');
              throw new Error('boom');
            },
          ],
          ['c', async () => void ran.push('c')],
        ],
      })('SIGTERM');
    });
    expect(code).toBe(1);
    expect(ran).toEqual(['a', 'b', 'c']);
  });

  it('a second signal while closing exits 1 at once', async () => {
    const codes: number[] = [];
    const shutdown = gracefulShutdown({
      timeoutMs: 10_000,
      log,
      exit: (code) => codes.push(code),
      steps: [['hang', () => new Promise(() => undefined)]],
    });
    shutdown('SIGINT');
    expect(codes).toEqual([]);
    shutdown('SIGINT');
    expect(codes).toEqual([1]);
  });

  it('exits 1 when the steps outlast the deadline, 0 when they finish in time', async () => {
    const slow = await new Promise<number>((exit) => {
      gracefulShutdown({
        timeoutMs: 50,
        log,
        exit,
        steps: [['hang', () => new Promise(() => undefined)]],
      })('SIGTERM');
    });
    expect(slow).toBe(1);
    const ran: string[] = [];
    const fine = await new Promise<number>((exit) => {
      gracefulShutdown({
        timeoutMs: 10_000,
        log,
        exit,
        steps: [
          ['a', async () => void ran.push('a')],
          ['b', async () => void ran.push('b')],
        ],
      })('SIGINT');
    });
    expect(fine).toBe(0);
    expect(ran).toEqual(['a', 'b']);
  });
});
