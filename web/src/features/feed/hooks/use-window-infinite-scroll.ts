import { useEffect, useEffectEvent } from 'react';
import { TIMINGS } from '@touchline/shared';

type InfiniteScroll = {
  hasMore: boolean;
  /** A page is on its way (or the first one is still loading): nothing more is asked. */
  fetching: boolean;
  loadMore: () => void;
};

/** Calls `run` at most once per `ms`, the last call of a burst included (leading and trailing). */
export function throttle(run: () => void, ms: number) {
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const throttled = () => {
    const wait = last + ms - Date.now();
    if (wait <= 0) {
      last = Date.now();
      run();
    } else if (timer === null) {
      timer = setTimeout(() => {
        timer = null;
        last = Date.now();
        run();
      }, wait);
    }
  };
  throttled.cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  return throttled;
}

/** Spec §9: the window has been scrolled to 0.8 of the document's height. */
export function nearEnd(): boolean {
  const height = document.documentElement.scrollHeight;
  return window.scrollY + window.innerHeight >= TIMINGS.feedScrollThreshold * height;
}

/**
 * Infinite scroll (spec §2, §9): a window scroll listener, throttled to 150 ms, loads the next
 * page once the reader is at 0.8 of the document while more pages exist and none is loading. A
 * page that lands without filling the window also asks for the next one (nothing could be
 * scrolled to trigger it).
 */
export function useWindowInfiniteScroll({ hasMore, fetching, loadMore }: InfiniteScroll) {
  const check = useEffectEvent(() => {
    if (hasMore && !fetching && nearEnd()) loadMore();
  });

  useEffect(() => {
    const onScroll = throttle(() => check(), TIMINGS.feedScrollThrottleMs);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      onScroll.cancel();
    };
  }, []);

  useEffect(() => {
    if (!hasMore || fetching) return;
    if (document.documentElement.scrollHeight <= window.innerHeight) check();
  }, [hasMore, fetching]);
}
