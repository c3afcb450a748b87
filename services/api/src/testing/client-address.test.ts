import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

/**
 * Per-IP limits hold behind a proxy: a client rotating its own X-Forwarded-For value does not get
 * a fresh budget. The proxy appends the address it saw; only the configured hops are believed.
 */
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const LIMIT = 5;

/**
 * Whether the limiter counted this request. When its store fails (skipOnError) it still adds its
 * headers, but with a reset of 0 s: a counted request always reads a window of at least 1 s.
 */
const counted = (res: { headers: Record<string, unknown> }) =>
  Number(res.headers['x-ratelimit-reset']) > 0;
const CLIENT = '203.0.113.7';

async function statuses(
  trustProxy: string,
  remoteAddress: string,
  forwardedFor: (i: number) => string,
) {
  t = await createTestApp({ env: { TRUST_PROXY: trustProxy, RATE_LIMIT_PER_MINUTE: `${LIMIT}` } });
  // With Redis, the limiter's connection may still be opening when the app is ready, and until it
  // is the limiter lets requests pass (skipOnError). Wait until it counts, probing from an address
  // of its own so the measured client's budget is untouched.
  for (const deadline = Date.now() + 30_000; ;) {
    const probe = await t.app.inject({
      method: 'GET',
      url: '/api/client-config',
      remoteAddress: '192.0.2.250',
    });
    if (counted(probe)) break;
    if (Date.now() > deadline) throw new Error('the rate limiter never started counting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  // Only answers the limiter counted are measured: on a loaded machine a Redis command can fail
  // (the limiter's connection fails fast), and then the limiter lets that one request pass without
  // counting it. Such a request is sent again.
  const codes: number[] = [];
  for (let i = 0; i < LIMIT + 2; i++) {
    for (const deadline = Date.now() + 30_000; ;) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/client-config',
        remoteAddress,
        headers: { 'x-forwarded-for': forwardedFor(i) },
      });
      if (counted(res)) {
        codes.push(res.statusCode);
        break;
      }
      if (Date.now() > deadline) throw new Error('the rate limiter stopped counting');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return codes;
}

const limited = [...Array<number>(LIMIT).fill(200), 429, 429];

describe('client addresses behind a proxy', () => {
  it('with one trusted hop, a spoofed X-Forwarded-For does not reset the limit', async () => {
    const codes = await statuses('1', '10.0.0.2', (i) => `198.51.100.${i}, ${CLIENT}`);
    expect(codes).toEqual(limited);
  });

  it('with TRUST_PROXY=true (read as one hop), the same', async () => {
    const codes = await statuses('true', '10.0.0.2', (i) => `198.51.100.${i}, ${CLIENT}`);
    expect(codes).toEqual(limited);
  });

  it('with a proxy list, a client outside it cannot claim any address', async () => {
    const codes = await statuses('10.0.0.0/8', CLIENT, (i) => `198.51.100.${i}`);
    expect(codes).toEqual(limited);
  });

  it('with a proxy list, clients behind the proxy are told apart', async () => {
    const codes = await statuses('10.0.0.0/8', '10.0.0.2', (i) => `198.51.100.${i}`);
    expect(codes.every((c) => c === 200)).toBe(true);
  });
});
