import { vi } from 'vitest';

export type FakeRequest = { method: string; url: URL; body: unknown; signal?: AbortSignal };
type Answer = unknown | { status: number; body: unknown };
export type FakeHandler = (request: FakeRequest) => Answer | Promise<Answer>;

/** `{ status, body }` answers with that status; anything else is a 200 JSON body. */
export const reply = (status: number, body: unknown) => ({ status, body, __reply: true });

/**
 * Serves the API from handlers keyed 'METHOD /api/path' (query not included): the process edge
 * of component tests. Unknown calls answer 404. Returns the fetch mock to inspect calls.
 */
export function serveApi(handlers: Record<string, FakeHandler>) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init.method ?? 'GET';
    const handler = handlers[`${method} ${url.pathname}`];
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const signal = init.signal ?? undefined;
    if (!handler) return json(404, { message: 'Not found', code: 'not_found' });
    const answer = await handler({ method, url, body, signal });
    if (signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    if (answer && typeof answer === 'object' && '__reply' in answer) {
      const { status, body: payload } = answer as unknown as { status: number; body: unknown };
      return json(status, payload);
    }
    return json(200, answer);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), {
    status,
    statusText: status === 200 ? 'OK' : 'Error',
    headers: { 'Content-Type': 'application/json' },
  });
}

/** The calls made to one 'METHOD /api/path'. */
export function callsTo(fetch: ReturnType<typeof serveApi>, key: string): URL[] {
  const [method, path] = key.split(' ');
  return fetch.mock.calls
    .filter(([, init]) => (init?.method ?? 'GET') === method)
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === path);
}
