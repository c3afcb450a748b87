import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import {
  checkInQueueKey,
  enqueue,
  flushQueue,
  isNetworkFailure,
  readQueue,
  writeQueue,
} from './checkin-queue';

function memoryStore() {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
    data,
  };
}

const refused = () =>
  new ApiError(409, 'Conflict', { message: 'This registration cannot be checked in' });

describe('the check-in queue', () => {
  it('keeps each code once, normalised, per trial', () => {
    const store = memoryStore();
    enqueue('t1', ' tl-abcdef ', store);
    enqueue('t1', 'TL-ABCDEF', store);
    enqueue('t1', 'TL-GHJKLM', store);
    enqueue('t2', 'TL-ZZZZZZ', store);
    expect(readQueue('t1', store)).toEqual(['TL-ABCDEF', 'TL-GHJKLM']);
    expect(readQueue('t2', store)).toEqual(['TL-ZZZZZZ']);
  });

  it('reads a damaged entry as empty and removes the entry once empty', () => {
    const store = memoryStore();
    store.setItem(checkInQueueKey('t1'), '{not json');
    expect(readQueue('t1', store)).toEqual([]);
    writeQueue('t1', [], store);
    expect(store.data.has(checkInQueueKey('t1'))).toBe(false);
  });

  it('tells a network failure from an answer of the server', () => {
    expect(isNetworkFailure(new TypeError('Failed to fetch'))).toBe(true);
    expect(isNetworkFailure(refused())).toBe(false);
    expect(isNetworkFailure(new ApiError(500, 'Server error', null))).toBe(false);
  });

  it('sends every queued code and empties the queue', async () => {
    const store = memoryStore();
    enqueue('t1', 'TL-AAAAAA', store);
    enqueue('t1', 'TL-BBBBBB', store);
    const send = vi.fn((code: string) => Promise.resolve({ code }));
    const { outcomes, remaining } = await flushQueue('t1', send, store);
    expect(send.mock.calls.map(([c]) => c)).toEqual(['TL-AAAAAA', 'TL-BBBBBB']);
    expect(outcomes.map((o) => o.ok)).toEqual([true, true]);
    expect(remaining).toEqual([]);
  });

  it('drops a code the server refused and keeps the rest after a network failure', async () => {
    const store = memoryStore();
    for (const c of ['TL-AAAAAA', 'TL-BBBBBB', 'TL-CCCCCC']) enqueue('t1', c, store);
    const send = vi.fn((code: string) => {
      if (code === 'TL-AAAAAA') return Promise.reject(refused());
      if (code === 'TL-BBBBBB') return Promise.reject(new TypeError('Failed to fetch'));
      return Promise.resolve(code);
    });
    const { outcomes, remaining } = await flushQueue('t1', send, store);
    expect(outcomes).toEqual([{ code: 'TL-AAAAAA', ok: false, error: expect.any(ApiError) }]);
    expect(remaining).toEqual(['TL-BBBBBB', 'TL-CCCCCC']);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('keeps a code queued while another was being sent', async () => {
    const store = memoryStore();
    enqueue('t1', 'TL-AAAAAA', store);
    const { remaining } = await flushQueue(
      't1',
      (code) => {
        enqueue('t1', 'TL-DDDDDD', store);
        return Promise.resolve(code);
      },
      store,
    );
    expect(remaining).toEqual(['TL-DDDDDD']);
  });
});
