import { randomBytes, randomUUID } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

/**
 * A standing guard over every operation in the OpenAPI document: new routes are covered without
 * anyone remembering to. Secured operations refuse missing, garbage and wrongly signed tokens;
 * admin operations refuse players and academies; malformed input never answers 5xx, and every
 * error body carries `message` and `code`.
 */

type Schema = { type?: string | string[]; properties?: Record<string, Schema> };
type Operation = {
  security?: unknown[];
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema?: Schema }> };
};
type Op = { method: string; path: string; op: Operation; name: string };

let t: TestApp;
let ops: Op[] = [];
const auth = {} as Record<'player' | 'academy' | 'admin', Record<string, string>>;
let wronglySigned: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
  for (const role of ['player', 'academy', 'admin'] as const) {
    auth[role] = (await t.signIn(await t.createUser({ role }))).headers;
  }
  // A well-formed token whose signature is not ours.
  const [header, payload] = auth.player.authorization!.slice('Bearer '.length).split('.');
  wronglySigned = {
    authorization: `Bearer ${header}.${payload}.${randomBytes(32).toString('base64url')}`,
  };
  const doc = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
  ops = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      op,
      name: `${method.toUpperCase()} ${path}`,
    })),
  );
}, 60_000);
afterAll(async () => t?.close());

const isPublic = (op: Operation) => !op.security || op.security.length === 0;
const isAdmin = (path: string) => path.startsWith('/api/admin');
const fillPath = (path: string, value: () => string) =>
  path.replace(/\{[^}]+\}/g, () => encodeURIComponent(value()));

function expectErrorBody(res: LightMyRequestResponse, what: string) {
  let body: unknown;
  try {
    body = res.json();
  } catch {
    throw new Error(`${what}: ${res.statusCode} without a JSON body: ${res.body.slice(0, 200)}`);
  }
  const { message, code } = body as { message?: unknown; code?: unknown };
  const hasMessage =
    typeof message === 'string' ||
    (Array.isArray(message) && message.every((m) => typeof m === 'string'));
  expect(hasMessage && typeof code === 'string', `${what}: ${res.body.slice(0, 300)}`).toBe(true);
}

const NUL = 'a\u0000b';
const LONG = 'x'.repeat(100 * 1024);
const CURSOR = '2024-99-99T99:99:99.999999Z~not-a-uuid';
/** Values that do not belong in a field: wrong types, NUL, oversize, out of range. */
const BAD_VALUES: unknown[] = [
  NUL,
  LONG,
  12345,
  -1,
  1e308,
  true,
  null,
  ['a', 'b'],
  { nested: 'object' },
  '',
  CURSOR,
];
const BAD_QUERY = [
  NUL,
  LONG,
  '-1',
  '99999999999999999999',
  '1e309',
  CURSOR,
  // Shaped like the cursors and timestamps the API hands out, but not a real date.
  `2024-99-99T00:00:00.000000Z~${randomUUID()}`,
  '2024-02-30T25:61:00Z',
  'NaN',
];
const BAD_IDS = ['not-a-uuid', '00000000-0000-0000-0000-000000000000', '-1', LONG.slice(0, 2000)];

/** About twenty malformed requests for one operation (the caller adds the credentials). */
function malformed({ method, path, op }: Op): { label: string; request: InjectOptions }[] {
  const out: { label: string; request: InjectOptions }[] = [];
  const url = fillPath(path, randomUUID);
  const query = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
  const hasPathParams = path.includes('{');
  if (hasPathParams) {
    for (const id of [...BAD_IDS, NUL]) {
      out.push({
        label: `path ${id.slice(0, 20)}`,
        request: { method, url: fillPath(path, () => id) },
      });
    }
  }
  for (const name of query) {
    for (const value of BAD_QUERY) {
      out.push({
        label: `query ${name}=${value.slice(0, 20)}`,
        request: { method, url: `${url}?${name}=${encodeURIComponent(value)}` },
      });
    }
    out.push({
      label: `query ${name} twice`,
      request: { method, url: `${url}?${name}=a&${name}=b` },
    });
    out.push({ label: `query ${name} object`, request: { method, url: `${url}?${name}[a]=b` } });
  }
  // Every operation, declared parameters or not: stray query parameters.
  for (const junk of ['zz=%00', `zz=${'x'.repeat(8 * 1024)}`, 'zz[a][b]=1&zz=2', '%ZZ=%']) {
    out.push({
      label: `stray query ${junk.slice(0, 12)}`,
      request: { method, url: `${url}?${junk}` },
    });
  }
  if (method === 'GET' || method === 'HEAD') return out;

  const json = { 'content-type': 'application/json' };
  out.push({ label: 'malformed JSON', request: { method, url, headers: json, payload: '{"a":' } });
  out.push({ label: 'empty JSON body', request: { method, url, headers: json, payload: '' } });
  for (const payload of ['[]', '"text"', 'null', '123', '{}']) {
    out.push({ label: `body ${payload}`, request: { method, url, headers: json, payload } });
  }
  out.push({
    label: 'broken multipart',
    request: {
      method,
      url,
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\nContent-Disposition: form-data; name="content"\r\n\r\nunterminated',
    },
  });
  const schema = Object.values(op.requestBody?.content ?? {})[0]?.schema;
  const fields = Object.keys(schema?.properties ?? {});
  // Operations reading a form declare no JSON schema: try the usual text fields.
  const names = fields.length > 0 ? fields : ['content', 'email', 'username', 'password'];
  // Bad values per field, rotating so every value meets some field; wide bodies get one each.
  const perField = names.length > 5 ? 1 : 3;
  names.forEach((name, i) => {
    for (let k = 0; k < perField; k++) {
      const value = BAD_VALUES[(i * perField + k) % BAD_VALUES.length];
      out.push({
        label: `field ${name}=${JSON.stringify(value)?.slice(0, 20)}`,
        request: { method, url, payload: { [name]: value } as Record<string, unknown> },
      });
    }
  });
  return out;
}

describe('every operation in the OpenAPI document', () => {
  it('lists the operations', () => {
    expect(ops.length).toBeGreaterThan(40);
  });

  it('refuses a missing, a garbage and a wrongly signed token unless public', async () => {
    const secured = ops.filter((o) => !isPublic(o.op));
    expect(secured.length).toBeGreaterThan(30);
    for (const o of secured) {
      const url = fillPath(o.path, randomUUID);
      for (const [label, headers] of [
        ['no token', {}],
        ['garbage token', { authorization: 'Bearer garbage' }],
        ['wrongly signed token', wronglySigned],
      ] as const) {
        const res = await t.app.inject({ method: o.method as 'GET', url, headers });
        expect(res.statusCode, `${o.name} with ${label}`).toBe(401);
        expectErrorBody(res, `${o.name} with ${label}`);
      }
    }
  });

  it('refuses players and academies on admin operations', async () => {
    const admin = ops.filter((o) => isAdmin(o.path));
    expect(admin.length).toBeGreaterThan(0);
    for (const o of admin) {
      for (const role of ['player', 'academy'] as const) {
        const res = await t.app.inject({
          method: o.method as 'GET',
          url: fillPath(o.path, randomUUID),
          headers: auth[role],
          payload: o.method === 'GET' ? undefined : {},
        });
        expect(res.statusCode, `${o.name} as ${role}`).toBe(403);
        expectErrorBody(res, `${o.name} as ${role}`);
      }
    }
  });

  it('never answers malformed input with a 5xx, and always with message and code', async () => {
    const failures: string[] = [];
    let count = 0;
    for (const o of ops) {
      const headers = isPublic(o.op) ? {} : isAdmin(o.path) ? auth.admin : auth.player;
      for (const { label, request } of malformed(o)) {
        count++;
        const res = await t.app.inject({
          ...request,
          headers: { ...headers, ...(request.headers as Record<string, string>) },
        } as InjectOptions);
        const what = `${o.name} ${label} → ${res.statusCode}`;
        if (res.statusCode >= 500) failures.push(`${what}: ${res.body.slice(0, 200)}`);
        else if (res.statusCode >= 400) {
          try {
            expectErrorBody(res, what);
          } catch (err) {
            failures.push((err as Error).message.split('\n')[0]!);
          }
        }
      }
    }
    expect(count).toBeGreaterThan(ops.length * 5);
    expect(failures).toEqual([]);
  }, 120_000);
});
