/**
 * What a client of the cluster does: signed-in users (rows made in the database, access tokens
 * signed with the deployment's secret exactly as the API signs them), HTTP calls through a chosen
 * instance, and a browser tab's socket that reconnects to another instance and catches up with
 * `?since=`.
 */
import { createHmac, randomBytes } from 'node:crypto';
import WebSocket from 'ws';
import { createDatabase, type DatabaseHandle } from '@touchline/db';
import { createSession } from '@touchline/db/auth';
import { insertUser } from '@touchline/db/users';
import { deriveSecrets } from '@touchline/drivers';
import { LIMITS, type ServerEvent } from '@touchline/shared';
import { APP_SECRET } from './stack';
import { waitFor } from './processes';

export type Member = {
  id: string;
  role: 'player' | 'academy' | 'admin';
  token: string;
  username: string;
};

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** An HS256 access token as the API's @fastify/jwt signs it (same derived key, same claims). */
function accessToken(claims: { sub: string; role: string; sid: string }): string {
  const { jwtSecret } = deriveSecrets(APP_SECRET);
  const now = Math.floor(Date.now() / 1000);
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64url(
    JSON.stringify({ ...claims, typ: 'access', iat: now, exp: now + LIMITS.accessTokenTtlSeconds }),
  );
  const signature = createHmac('sha256', jwtSecret).update(`${header}.${payload}`).digest();
  return `${header}.${payload}.${base64url(signature)}`;
}

/** The test's own connection to the cluster's database (users, counts). */
export async function openDatabase(url: string): Promise<DatabaseHandle> {
  return createDatabase({ url, poolMax: 3, onPoolError: () => undefined });
}

/** A verified, active user with a live session and an access token. */
export async function createMember(
  database: DatabaseHandle,
  role: Member['role'],
  label: string,
): Promise<Member> {
  const tag = randomBytes(4).toString('hex');
  const username = `${label}_${tag}`;
  const user = await insertUser(database.db, {
    email: `${username}@example.test`,
    username,
    role,
    dob: role === 'player' ? '2004-03-01' : null,
    emailVerifiedAt: new Date(),
    isActive: true,
  });
  const session = await createSession(database.db, {
    userId: user.id,
    expiresAt: new Date(Date.now() + LIMITS.refreshTokenTtlSeconds * 1000),
  });
  return {
    id: user.id,
    role,
    username,
    token: accessToken({ sub: user.id, role, sid: session.id }),
  };
}

/** One SQL count (or any single number) from the test's database connection. */
export async function count(
  database: DatabaseHandle,
  text: string,
  values: unknown[] = [],
): Promise<number> {
  if (database.kind !== 'postgres') throw new Error('the cluster tier runs on Postgres');
  const { rows } = await database.client.query<{ n: string | number }>(text, values);
  return Number(rows[0]?.n ?? 0);
}

export type CallOptions = {
  /** The client address the instance sees (TRUST_PROXY=loopback): each test its own budget. */
  clientIp: string;
  body?: unknown;
  timeoutMs?: number;
};

export type CallResult = { status: number; body: unknown; headers: Headers };

/** One HTTP request to an instance as `who`. */
export async function call(
  baseUrl: string,
  who: Member | null,
  method: 'GET' | 'POST',
  path: string,
  options: CallOptions,
): Promise<CallResult> {
  const headers: Record<string, string> = { 'x-forwarded-for': options.clientIp };
  if (who) headers.authorization = `Bearer ${who.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, body, headers: res.headers };
}

/** Like `call`, but fails unless the answer is 2xx. */
export async function ok(
  baseUrl: string,
  who: Member,
  method: 'GET' | 'POST',
  path: string,
  options: CallOptions,
): Promise<unknown> {
  const res = await call(baseUrl, who, method, path, options);
  if (res.status >= 300)
    throw new Error(`${method} ${baseUrl}${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

type Stored = Extract<ServerEvent, { seq: number }>;

/**
 * A browser tab's socket to `/ws/notifications/{user}/`: it keeps the last sequence number it
 * saw and, when its connection drops, reconnects to the next instance of its list with
 * `?since=<last>` (after `beforeReconnect`, the client's backoff), exactly as the web client does.
 */
export class Tab {
  /** Every stored event received, in order (duplicates would show here). */
  readonly stored: Stored[] = [];
  /** Stored events received before `ready` on a reconnection: the `since` replay. */
  readonly replayed: Stored[] = [];
  /** Notices previewed before they were stored (decision 60), in order. */
  readonly previews: Extract<ServerEvent, { type: 'notification_preview' }>[] = [];
  readonly connections: string[] = [];
  lastSeq = 0;
  private socket: WebSocket | undefined;
  private closedByTest = false;
  private waiters = new Set<() => void>();
  private instanceIndex = 0;
  private readyOnCurrent = false;
  private reconnecting: Promise<void> | undefined;

  constructor(
    private readonly who: Member,
    private readonly instances: string[],
    private readonly clientIp: string,
    /** Awaited before a reconnection (tests hold it to put events in the gap). */
    public beforeReconnect: () => Promise<void> = () => new Promise((r) => setTimeout(r, 200)),
  ) {}

  /** Opens on the first instance and waits for `ready`. */
  async open(): Promise<this> {
    await this.connect(false);
    return this;
  }

  get currentInstance(): string {
    return this.instances[this.instanceIndex % this.instances.length]!;
  }

  get isOpen(): boolean {
    return this.socket?.readyState === WebSocket.OPEN && this.readyOnCurrent;
  }

  private notify() {
    for (const waiter of [...this.waiters]) waiter();
  }

  private connect(withSince: boolean): Promise<void> {
    const base = this.currentInstance.replace(/^http/, 'ws');
    const query = withSince ? `?since=${this.lastSeq}` : '';
    const socket = new WebSocket(
      `${base}/ws/notifications/${this.who.id}/${query}`,
      ['bearer', this.who.token],
      {
        headers: { 'x-forwarded-for': this.clientIp },
      },
    );
    this.socket = socket;
    this.readyOnCurrent = false;
    const replaying = withSince;
    return new Promise<void>((resolve, reject) => {
      let opened = false;
      socket.on('message', (raw) => {
        const event = JSON.parse(String(raw)) as ServerEvent;
        if (event.type === 'ready') {
          if (!withSince) this.lastSeq = Math.max(this.lastSeq, event.last_seq);
          this.readyOnCurrent = true;
          this.connections.push(this.currentInstance);
          resolve();
        } else if (event.type === 'notification_preview') {
          this.previews.push(event);
        } else if ('seq' in event) {
          this.stored.push(event);
          if (replaying && !this.readyOnCurrent) this.replayed.push(event);
          this.lastSeq = Math.max(this.lastSeq, event.seq);
        }
        this.notify();
      });
      socket.once('open', () => {
        opened = true;
      });
      socket.once('unexpected-response', (_req, res) =>
        reject(new Error(`socket refused: ${res.statusCode}`)),
      );
      socket.on('error', (err) => {
        if (!opened) reject(err);
      });
      socket.once('close', () => {
        this.readyOnCurrent = false;
        this.notify();
        if (this.closedByTest) return;
        if (!opened) return; // a refused attempt: the reconnect loop tries the next instance
        this.reconnecting ??= this.reconnect().finally(() => {
          this.reconnecting = undefined;
        });
      });
    });
  }

  /** Tries the next instances (round robin) until one accepts, as the web client's backoff does. */
  private async reconnect(): Promise<void> {
    await this.beforeReconnect();
    for (let attempt = 0; !this.closedByTest; attempt++) {
      this.instanceIndex += 1;
      try {
        await this.connect(true);
        return;
      } catch {
        await new Promise((r) => setTimeout(r, Math.min(200 * (attempt + 1), 1000)));
      }
    }
  }

  /** Resolves once `predicate` holds; fails after `timeoutMs` with what was received. */
  until(what: string, predicate: (tab: this) => boolean, timeoutMs = 60_000): Promise<void> {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (!predicate(this)) return;
        this.waiters.delete(check);
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(
          new Error(
            `timed out waiting for ${what}; seqs ${JSON.stringify(this.stored.map((e) => e.seq).slice(-50))}, connections ${this.connections.join(' → ')}`,
          ),
        );
      }, timeoutMs);
      this.waiters.add(check);
      check();
    });
  }

  /** Waits until the tab holds a connection with `ready` again (after a reconnect). */
  async untilOpenOn(instance: string, timeoutMs = 60_000): Promise<void> {
    await waitFor(
      `the tab to be open on ${instance}`,
      () => this.isOpen && this.currentInstance === instance,
      { timeoutMs, intervalMs: 50 },
    );
  }

  seqs(): number[] {
    return this.stored.map((e) => e.seq);
  }

  async close(): Promise<void> {
    this.closedByTest = true;
    const socket = this.socket;
    if (!socket || socket.readyState === WebSocket.CLOSED) return;
    await new Promise<void>((resolve) => {
      socket.once('close', () => resolve());
      socket.terminate();
    });
  }
}
