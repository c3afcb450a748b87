import { vi } from 'vitest';

/** One request the app made: method, URL (with its query), parsed JSON or FormData body. */
export type FakeRequest = { method: string; url: URL; body: unknown; signal?: AbortSignal };

/** An answer with its status (`reply(status, body)` builds one); `body` undefined sends none. */
export type Reply = { status: number; body?: unknown; statusText?: string };

/** Answers a request: a `Reply`, or any other value as a 200 JSON body. */
export type FakeHandler = (request: FakeRequest) => unknown;

/** A route is a handler, or a fixed `Reply` given every time. */
export type Route = FakeHandler | Reply;

/** `{ status, body }`: answers with that status. */
export const reply = (status: number, body?: unknown, statusText?: string): Reply => ({
  status,
  body,
  ...(statusText === undefined ? {} : { statusText }),
});

const REPLY_KEYS = new Set(['status', 'body', 'statusText']);
/** A reply is exactly `{ status: number, body?, statusText? }`; API bodies never look like one. */
const isReply = (answer: unknown): answer is Reply =>
  typeof answer === 'object' &&
  answer !== null &&
  !Array.isArray(answer) &&
  typeof (answer as Reply).status === 'number' &&
  Object.keys(answer).every((key) => REPLY_KEYS.has(key));

const defaults: Record<string, Reply> = {
  'GET /api/client-config': reply(200, { google_client_id: null, dev_mailbox: true }),
};

/**
 * The network is the process edge of component tests: `fetch` answers from `routes` (keys like
 * `POST /api/login`, matched without the query string) and records every call.
 * `GET /api/client-config` answers "no Google" unless given; anything else is a 404.
 * Answers the fetch mock, with `calls` and `callsTo('METHOD /api/path')`.
 */
export function serveApi(routes: Record<string, Route>) {
  const calls: FakeRequest[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init.method ?? 'GET';
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    const signal = init.signal ?? undefined;
    const request: FakeRequest = { method, url, body, signal };
    calls.push(request);
    const key = `${method} ${url.pathname}`;
    const route = routes[key] ?? defaults[key];
    if (!route) return json(reply(404, { message: 'Not found', code: 'not_found' }));
    const answer = typeof route === 'function' ? await route(request) : route;
    if (signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    return json(isReply(answer) ? answer : reply(200, answer));
  });
  vi.stubGlobal('fetch', fetch);
  return Object.assign(fetch, {
    calls,
    /** The calls to one endpoint, e.g. `callsTo('POST /api/login')`. */
    callsTo: (key: string) => calls.filter((call) => `${call.method} ${call.url.pathname}` === key),
  });
}

export type FakeApi = ReturnType<typeof serveApi>;

function json({ status, body, statusText }: Reply) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    statusText: statusText ?? (status < 400 ? 'OK' : 'Error'),
    headers: { 'Content-Type': 'application/json' },
  });
}

/** A never-answering route, for looking at loading states; `release` answers it. */
export function held(answer: Reply) {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const handler: FakeHandler = async () => {
    await gate;
    return answer;
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

/** The `POST /api/login` answer for a user of the role. */
export const loginAnswer = (role: 'player' | 'academy' | 'admin' = 'player') => ({
  user: role === 'player' ? 'Ada Obi' : role === 'academy' ? 'Lagos Stars FC' : 'Admin',
  role,
  dob: role === 'player' ? '2008-04-01' : null,
  user_id: `${role}-7`,
  profile_photo: null,
  notification_count: 2,
  message: 'Login successful',
});
