import { describe, expect, it } from 'vitest';
import { uuidv7, uuidv7For } from './uuid';

const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('uuidv7', () => {
  it('is a version 7 UUID whose first 48 bits are the time in milliseconds', () => {
    const id = uuidv7(1_700_000_000_000);
    expect(id).toMatch(V7);
    expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(1_700_000_000_000);
    expect(uuidv7(1)).toMatch(/^00000000-0001-7/);
  });

  it('sorts by time, and ids of the same millisecond differ', () => {
    const ids = [uuidv7(5), uuidv7(1_000), uuidv7(Date.now())];
    expect([...ids].sort()).toEqual(ids);
    const same = new Set(Array.from({ length: 1000 }, () => uuidv7(42)));
    expect(same.size).toBe(1000);
    for (const id of same) expect(id).toMatch(V7);
  });

  it('made for a time and a key, is the same every time, and differs by key', () => {
    const id = uuidv7For(1_700_000_000_000, 'post.created:7:u1');
    expect(id).toMatch(V7);
    expect(uuidv7For(1_700_000_000_000, 'post.created:7:u1')).toBe(id);
    expect(uuidv7For(1_700_000_000_000, 'post.created:7:u2')).not.toBe(id);
    expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(1_700_000_000_000);
  });
});
