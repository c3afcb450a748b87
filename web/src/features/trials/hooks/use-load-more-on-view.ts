import { useEffect, useEffectEvent, useRef } from 'react';

/**
 * Infinite scroll: when the sentinel below the list comes within 600 px of the viewport, the next
 * page is asked for (while more exist and none is loading). Browsers without
 * IntersectionObserver keep the 'Load more' button, which is always there for keyboards too.
 */
export function useLoadMoreOnView({
  hasMore,
  fetching,
  loadMore,
}: {
  hasMore: boolean;
  fetching: boolean;
  loadMore: () => void;
}) {
  const sentinel = useRef<HTMLDivElement>(null);
  const visible = useRef(false);
  const check = useEffectEvent(() => {
    if (visible.current && hasMore && !fetching) loadMore();
  });

  useEffect(() => {
    const element = sentinel.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        visible.current = entries.some((entry) => entry.isIntersecting);
        check();
      },
      { rootMargin: '0px 0px 600px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // A page that lands while the sentinel is still in view asks for the next one itself.
  useEffect(() => {
    check();
  }, [hasMore, fetching]);

  return sentinel;
}
