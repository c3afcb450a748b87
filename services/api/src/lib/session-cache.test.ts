import { afterEach, describe, expect, it } from 'vitest';
import { createInlineBus, createInlineBusHub } from '@touchline/drivers';
import type { SharedPostRow } from '@touchline/db/posts';
import { createSessionCache, type CachedSession } from './session-cache';

const silent = { warn: () => undefined };
const FAR = new Date('2100-01-01T00:00:00Z');
const NOW = new Date('2026-11-28T12:00:00Z');
const session = (userId: string): CachedSession => ({
  userId,
  role: 'player',
  consentStatus: 'not_needed',
  expiresAt: FAR,
});

/** An in-process bus whose connection a test can take away and give back. */
function controllableBus() {
  const hub = createInlineBusHub();
  const bus = createInlineBus({ hub });
  let up = true;
  const listeners = new Set<() => void>();
  return {
    ...bus,
    hub,
    delivering: () => up && bus.delivering(),
    onReconnect(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    drop() {
      up = false;
    },
    restore() {
      up = true;
      for (const listener of listeners) listener();
    },
  };
}

describe('the session cache', () => {
  const closing: Array<() => Promise<void>> = [];
  afterEach(async () => {
    await Promise.all(closing.splice(0).map((close) => close()));
  });

  async function cacheOn(
    bus = controllableBus(),
    options: { ttlMs?: number; maxEntries?: number; maxPosts?: number; now?: () => number } = {},
  ) {
    const cache = createSessionCache({ bus, logger: silent, ...options });
    closing.push(() => cache.close());
    await cache.ready();
    return { cache, bus };
  }

  it('holds a stored session until its expiry, and never past the session end', async () => {
    let now = 0;
    const { cache } = await cacheOn(undefined, { ttlMs: 30_000, now: () => now });
    cache.store('s1', session('u1'), cache.begin());
    expect(cache.get('s1', 'u1', NOW)).toMatchObject({ userId: 'u1' });
    expect(cache.get('s1', 'someone-else', NOW)).toBeUndefined();
    now = 30_000;
    expect(cache.get('s1', 'u1', NOW)).toBeUndefined();
    cache.store('s2', { ...session('u1'), expiresAt: NOW }, cache.begin());
    expect(cache.get('s2', 'u1', NOW)).toBeUndefined();
  });

  it('keeps at most maxEntries, the least recently used leaving first', async () => {
    const { cache } = await cacheOn(undefined, { maxEntries: 2 });
    cache.store('s1', session('u1'), cache.begin());
    cache.store('s2', session('u2'), cache.begin());
    expect(cache.get('s1', 'u1', NOW)).toBeDefined(); // s2 is now the least recently used
    cache.store('s3', session('u3'), cache.begin());
    expect(cache.size()).toBe(2);
    expect(cache.get('s2', 'u2', NOW)).toBeUndefined();
    expect(cache.get('s1', 'u1', NOW)).toBeDefined();
  });

  it('forgets on every instance before invalidate resolves: all of a user, or one session', async () => {
    const hub = createInlineBusHub();
    const busOf = () => ({ ...controllableBus(), ...createInlineBus({ hub }) });
    const { cache: a } = await cacheOn(busOf());
    const { cache: b } = await cacheOn(busOf());
    for (const c of [a, b]) {
      c.store('s1', session('u1'), c.begin());
      c.store('s2', session('u1'), c.begin());
      c.store('s3', session('u2'), c.begin());
    }
    await a.invalidate({ userId: 'u1', sessionId: 's1' });
    expect(b.get('s1', 'u1', NOW)).toBeUndefined();
    expect(b.get('s2', 'u1', NOW)).toBeDefined();
    await a.invalidate({ userId: 'u1' });
    for (const c of [a, b]) {
      expect(c.get('s2', 'u1', NOW)).toBeUndefined();
      expect(c.get('s3', 'u2', NOW)).toBeDefined();
    }
  });

  it('does not store a read that began before an invalidation', async () => {
    const { cache } = await cacheOn();
    const begun = cache.begin();
    await cache.invalidate({ userId: 'u1' });
    cache.store('s1', session('u1'), begun);
    expect(cache.get('s1', 'u1', NOW)).toBeUndefined();
  });

  it('is bypassed while the bus does not deliver, and starts empty when it is back', async () => {
    const { cache, bus } = await cacheOn();
    cache.store('s1', session('u1'), cache.begin());
    bus.drop();
    expect(cache.get('s1', 'u1', NOW)).toBeUndefined();
    cache.store('s2', session('u2'), cache.begin());
    bus.restore();
    expect(cache.get('s1', 'u1', NOW)).toBeUndefined();
    expect(cache.get('s2', 'u2', NOW)).toBeUndefined();
    cache.store('s1', session('u1'), cache.begin());
    expect(cache.get('s1', 'u1', NOW)).toBeDefined();
  });

  it("remembers posts (decision 70): forgotten by id, by their author's or a commenter's change, on every instance", async () => {
    const hub = createInlineBusHub();
    const busOf = () => ({ ...controllableBus(), ...createInlineBus({ hub }) });
    const { cache: a } = await cacheOn(busOf());
    const { cache: b } = await cacheOn(busOf(), { maxPosts: 3 });
    const store = () =>
      b.storePosts(
        [
          sharedPost('p1', 'author1', ['fan1']),
          sharedPost('p2', 'author2', []),
          sharedPost('p3', 'author1', []),
        ],
        b.begin(),
      );
    const held = () => ['p1', 'p2', 'p3'].filter((id) => b.getPost(id) !== undefined);
    store();
    expect(held()).toEqual(['p1', 'p2', 'p3']);
    await a.invalidate({ postsOf: ['p2'] });
    expect(held()).toEqual(['p1', 'p3']);
    await a.invalidate({ profilesOf: ['fan1'] });
    expect(held()).toEqual(['p3']);
    store();
    await a.invalidate({ userId: 'author1' });
    expect(held()).toEqual(['p2']);
    // A read that began before an invalidation is not stored.
    const begun = b.begin();
    await a.invalidate({ postsOf: ['p9'] });
    b.storePosts([sharedPost('p1', 'author1', [])], begun);
    expect(b.getPost('p1')).toBeUndefined();
    // At most maxPosts, the least recently used leaving first.
    store();
    b.storePosts([sharedPost('p4', 'author4', [])], b.begin());
    expect(held()).toEqual(['p2', 'p3']);
  });
});

function sharedPost(id: string, authorId: string, commenters: string[]): SharedPostRow {
  return {
    id,
    authorId,
    content: id,
    createdAt: NOW,
    cursor: `${NOW.toISOString()}~${id}`,
    mediaKind: null,
    media: null,
    username: authorId,
    role: 'player',
    bio: '',
    photo: null,
    comments: commenters.map((author_id, i) => ({
      id: `${id}-c${i}`,
      parent_id: null,
      depth: 0,
      content: 'hi',
      created_at: NOW.toISOString(),
      author_id,
      username: author_id,
      role: 'player',
      photo: null,
      key: String(i),
    })),
    version: '1',
  };
}
