import { useEffect, useLayoutEffect, useRef, useState } from 'react';

/** How close to the bottom (px) still counts as reading the newest messages. */
const NEAR_BOTTOM_PX = 120;
/** How close to the top (px) loads the older page. */
const NEAR_TOP_PX = 200;

type Snapshot = {
  height: number;
  top: number;
  atBottom: boolean;
  oldest: string | null;
  newest: string | null;
};

/**
 * The message log's scrolling:
 * - it opens at the 'New messages' line (the first unread message, `[data-unread-start]`) near
 *   the top of the view when there is one, so the reader starts where they left off (the browser
 *   clamps it to the bottom when everything unread fits), else at the newest message;
 * - a new message at the bottom scrolls into view when the reader was at the bottom (or sent it);
 * - an older page loaded at the top keeps what the reader was looking at in place: the distance
 *   from the bottom before the page came is put back after it rendered (before paint);
 * - scrolling near the top asks for the older page; away from the bottom, 'Jump to latest' shows.
 * `oldestKey`/`newestKey` identify the first and last rows (a pending send has its client id).
 */
export function useChatScroll({
  oldestKey,
  newestKey,
  newestIsMine,
  onNearTop,
}: {
  oldestKey: string | null;
  newestKey: string | null;
  newestIsMine: boolean;
  onNearTop: () => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const snapshot = useRef<Snapshot | null>(null);
  /** The reader scrolled away from the newest messages ('Jump to latest' shows). */
  const [away, setAway] = useState(false);

  useLayoutEffect(() => {
    const element = container.current;
    if (!element || newestKey === null) return;
    const previous = snapshot.current;
    if (!previous || previous.newest === null) {
      const unreadStart = element.querySelector<HTMLElement>('[data-unread-start]');
      element.scrollTop = unreadStart ? offsetWithin(element, unreadStart) : element.scrollHeight;
      setAway(!measure(element).atBottom);
    } else if (newestKey !== previous.newest) {
      if (previous.atBottom || newestIsMine) element.scrollTop = element.scrollHeight;
    } else if (oldestKey !== previous.oldest) {
      element.scrollTop = element.scrollHeight - (previous.height - previous.top);
    }
    snapshot.current = { ...measure(element), oldest: oldestKey, newest: newestKey };
  }, [oldestKey, newestKey, newestIsMine]);

  // The log shrinks when the composer grows (a picture, more lines) or a phone keyboard opens:
  // a reader at the bottom stays there.
  useEffect(() => {
    const element = container.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (!snapshot.current?.atBottom) return;
      element.scrollTop = element.scrollHeight;
      snapshot.current = { ...snapshot.current, ...measure(element) };
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const onScroll = () => {
    const element = container.current;
    if (!element || !snapshot.current) return;
    snapshot.current = { ...snapshot.current, ...measure(element) };
    setAway(!snapshot.current.atBottom);
    if (element.scrollTop < NEAR_TOP_PX) onNearTop();
  };

  const jumpToLatest = () => {
    const element = container.current;
    if (!element) return;
    element.scrollTop = element.scrollHeight;
    if (snapshot.current) snapshot.current = { ...snapshot.current, ...measure(element) };
    setAway(false);
  };

  /** An image finished loading: stay at the bottom if the reader was there. */
  const onMediaLoad = () => {
    const element = container.current;
    if (!element || !snapshot.current?.atBottom) return;
    element.scrollTop = element.scrollHeight;
    snapshot.current = { ...snapshot.current, ...measure(element) };
  };

  return { container, onScroll, onMediaLoad, away, jumpToLatest };
}

/** Room left above the 'New messages' line when the log opens there (the day label shows). */
const UNREAD_MARGIN_PX = 48;

/** Where `child` starts inside the scrolled `element`, less a margin (scrollTop units). */
function offsetWithin(element: HTMLElement, child: HTMLElement): number {
  const top = child.getBoundingClientRect().top - element.getBoundingClientRect().top;
  return Math.max(0, element.scrollTop + top - UNREAD_MARGIN_PX);
}

function measure(element: HTMLElement): Pick<Snapshot, 'height' | 'top' | 'atBottom'> {
  return {
    height: element.scrollHeight,
    top: element.scrollTop,
    atBottom: element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_BOTTOM_PX,
  };
}
