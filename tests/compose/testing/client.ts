/**
 * A client of the compose stack, through its nginx proxy only (TOUCHLINE_COMPOSE_URL), as a
 * browser would be: JSON and multipart requests (every answer's X-Request-Id kept, to find which
 * API instance served it), the mail catcher's API (Mailpit's /api/v1, TOUCHLINE_COMPOSE_MAILPIT_URL)
 * for verification codes, sign-up to signed-in, and a notification socket.
 */
import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';
import type { ServerEvent } from '@touchline/shared';

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run through \`npm test -- --only=compose\``);
  return value;
}

export const stack = {
  url: required('TOUCHLINE_COMPOSE_URL'),
  mailpit: required('TOUCHLINE_COMPOSE_MAILPIT_URL'),
  project: required('TOUCHLINE_COMPOSE_PROJECT'),
};

/** Every answer through the proxy: its path and X-Request-Id (nginx's $request_id, echoed by the API). */
export const answered: { path: string; id: string }[] = [];

export type Answer = { status: number; body: unknown; headers: Headers };

export async function request(
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  options: { token?: string; json?: unknown; form?: FormData; timeoutMs?: number } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | FormData | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) body = options.form;
  const res = await fetch(`${stack.url}${path}`, {
    method,
    headers,
    body,
    signal: AbortSignal.timeout(options.timeoutMs ?? 60_000),
  });
  const id = res.headers.get('x-request-id');
  if (id) answered.push({ path, id });
  const type = res.headers.get('content-type') ?? '';
  const parsed: unknown = type.includes('json')
    ? await res.json()
    : type.startsWith('text/')
      ? await res.text()
      : Buffer.from(await res.arrayBuffer());
  return { status: res.status, body: parsed, headers: res.headers };
}

/** Like `request`, but fails with the answer unless the status is the expected one. */
export async function expectStatus(
  status: number,
  ...args: Parameters<typeof request>
): Promise<Answer> {
  const answer = await request(...args);
  if (answer.status !== status) {
    throw new Error(
      `${args[0]} ${args[1]}: expected ${status}, got ${answer.status} ${JSON.stringify(answer.body)}`,
    );
  }
  return answer;
}

/** Polls until `probe` returns a value (not undefined); fails after `timeoutMs` with `what`. */
export async function eventually<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs = 90_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      lastError = error;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`timed out waiting for ${what}${lastError ? `: ${String(lastError)}` : ''}`);
}

type MailpitSummary = { ID: string; To: { Address: string }[]; Subject: string };

/** The verification code e-mailed to `email` (the worker sends it through SMTP_URL). */
export async function verificationCode(email: string): Promise<string> {
  return eventually(`the e-mail to ${email} in the mail catcher`, async () => {
    const list = (await (await fetch(`${stack.mailpit}/api/v1/messages?limit=200`)).json()) as {
      messages: MailpitSummary[];
    };
    const found = list.messages.find((m) =>
      m.To.some((to) => to.Address.toLowerCase() === email.toLowerCase()),
    );
    if (!found) return undefined;
    const message = (await (await fetch(`${stack.mailpit}/api/v1/message/${found.ID}`)).json()) as {
      Text: string;
      Subject: string;
    };
    const code = /verification code is (\d{6})\b/.exec(message.Text)?.[1];
    if (!code) throw new Error(`no code in "${message.Subject}": ${message.Text}`);
    return code;
  });
}

export type User = { id: string; email: string; token: string; username: string };

const PASSWORD = 'Str0ng@compose';

/** An adult player signed up, verified with the e-mailed code and signed in, all through nginx. */
export async function signUpPlayer(label: string, dob: string): Promise<User> {
  const tag = randomBytes(3).toString('hex');
  const email = `${label}.${tag}@example.test`;
  const username = `${label} ${tag}`;
  await expectStatus(201, 'POST', '/api/signup', {
    json: {
      username,
      email,
      dob,
      password: PASSWORD,
      state: 'Lagos',
      district: 'Ikeja',
      sport: 'football',
      is_academy: 'false',
    },
  });
  const otp = await verificationCode(email);
  await expectStatus(200, 'PUT', '/api/otp_verification', { json: { email, otp } });
  const tokens = (
    await expectStatus(200, 'POST', '/api/token/', { json: { email, password: PASSWORD } })
  ).body as { access: string };
  const me = (await expectStatus(200, 'GET', '/api/me', { token: tokens.access })).body as {
    user_id: string;
  };
  return { id: me.user_id, email, token: tokens.access, username };
}

/** A browser tab's notification socket, opened through the proxy (`Upgrade` passed on by nginx). */
export class NotificationSocket {
  readonly events: ServerEvent[] = [];
  private socket!: WebSocket;
  private waiters = new Set<() => void>();

  static async open(user: User): Promise<NotificationSocket> {
    const tab = new NotificationSocket();
    await tab.connect(user);
    return tab;
  }

  private connect(user: User): Promise<void> {
    const url = `${stack.url.replace(/^http/, 'ws')}/ws/notifications/${user.id}/`;
    this.socket = new WebSocket(url, ['bearer', user.token]);
    return new Promise((resolve, reject) => {
      this.socket.on('message', (raw) => {
        const event = JSON.parse(String(raw)) as ServerEvent;
        this.events.push(event);
        if (event.type === 'ready') resolve();
        for (const waiter of [...this.waiters]) waiter();
      });
      this.socket.once('unexpected-response', (_req, res) =>
        reject(new Error(`socket refused through the proxy: HTTP ${res.statusCode}`)),
      );
      this.socket.once('error', reject);
    });
  }

  /** The first event matching `predicate` (already received or arriving within `timeoutMs`). */
  next<T extends ServerEvent>(
    what: string,
    predicate: (event: ServerEvent) => event is T,
    timeoutMs = 90_000,
  ): Promise<T> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = this.events.find(predicate);
        if (!found) return;
        this.waiters.delete(check);
        clearTimeout(timer);
        resolve(found);
      };
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(
          new Error(
            `no ${what} on the socket; received: ${JSON.stringify(this.events).slice(0, 800)}`,
          ),
        );
      }, timeoutMs);
      this.waiters.add(check);
      check();
    });
  }

  close(): void {
    this.socket?.close();
  }
}
