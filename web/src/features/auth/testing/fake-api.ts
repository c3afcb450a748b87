import { vi } from 'vitest';

/** One request the app made: method, path (with query), parsed JSON or FormData body. */
export type ApiCall = { method: string; url: string; body: unknown };

export type Reply = { status: number; body?: unknown; statusText?: string };
export type Handler = (call: ApiCall) => Reply | Promise<Reply>;

/**
 * The network is the process edge: `fetch` answers from `routes` (keys like `POST /api/login`,
 * matched without the query string) and records every call. `GET /api/client-config` answers
 * "no Google" unless given; anything else is a 404.
 */
export function serveApi(routes: Record<string, Handler | Reply>) {
  const calls: ApiCall[] = [];
  const fetch = vi.fn(async (input: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    let body: unknown = init.body;
    if (typeof init.body === 'string') body = JSON.parse(init.body);
    const call: ApiCall = { method, url: input, body };
    calls.push(call);
    const key = `${method} ${input.split('?')[0]}`;
    const route =
      routes[key] ??
      (key === 'GET /api/client-config'
        ? { status: 200, body: { google_client_id: null, dev_mailbox: true } }
        : { status: 404, body: { message: 'Not found', code: 'not_found' } });
    const reply = typeof route === 'function' ? await route(call) : route;
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status,
      statusText: reply.statusText ?? '',
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return {
    calls,
    /** Calls to one endpoint, e.g. `callsTo('POST /api/login')`. */
    callsTo: (key: string) => calls.filter((c) => `${c.method} ${c.url.split('?')[0]}` === key),
  };
}

/** A never-answering route, for looking at loading states; `release` answers it. */
export function held(reply: Reply) {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const handler: Handler = async () => {
    await gate;
    return reply;
  };
  return { handler, release: () => release() };
}

/** A FormData body as a plain object; repeated fields become arrays. */
export function formFields(body: unknown): Record<string, unknown> {
  if (!(body instanceof FormData)) throw new Error('not a FormData body');
  const out: Record<string, unknown> = {};
  for (const key of new Set(body.keys())) {
    const values = body.getAll(key);
    out[key] = values.length > 1 ? values : values[0];
  }
  return out;
}

export const loginAnswer = (role: 'player' | 'academy' | 'admin' = 'player') => ({
  user: role === 'player' ? 'Ada Obi' : role === 'academy' ? 'Lagos Stars FC' : 'Admin',
  role,
  dob: role === 'player' ? '2008-04-01' : null,
  user_id: `${role}-7`,
  profile_photo: null,
  notification_count: 2,
  message: 'Login successful',
});
