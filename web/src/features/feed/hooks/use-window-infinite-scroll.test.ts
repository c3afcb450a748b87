import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { throttle } from './use-window-infinite-scroll';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('scroll throttle', () => {
  it('runs at once, then at most once per 150 ms, keeping the last call of a burst', () => {
    const run = vi.fn();
    const throttled = throttle(run, 150);
    throttled();
    throttled();
    throttled();
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(149);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(500);
    expect(run).toHaveBeenCalledTimes(2);
  });
});
