import type { RefObject } from 'react';
import { useEffect } from 'react';
import { tabbableIn } from './focusable';

export type FocusTrapOptions = {
  /** Receives focus when the trap starts (default: the first tabbable element). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Receives focus when the trap ends (default: whatever had focus before it started). */
  returnFocus?: RefObject<HTMLElement | null>;
};

/**
 * Keeps Tab and Shift+Tab inside `container` while `active`, and gives focus back when it ends —
 * the focus management of a modal dialog (WAI-ARIA dialog pattern).
 */
export function useFocusTrap(
  container: RefObject<HTMLElement | null>,
  active: boolean,
  { initialFocus, returnFocus }: FocusTrapOptions = {},
): void {
  useEffect(() => {
    const root = container.current;
    if (!active || !root) return;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    (initialFocus?.current ?? tabbableIn(root)[0] ?? root).focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return;
      const items = tabbableIn(root);
      const first = items[0];
      const last = items.at(-1);
      if (!first || !last) {
        event.preventDefault();
        root.focus();
        return;
      }
      const current = document.activeElement;
      const outside = !root.contains(current);
      if (event.shiftKey && (current === first || outside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (current === last || outside)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      // Read at close time on purpose: the opener named by `returnFocus` may have re-rendered.
      const target = currentOf(returnFocus) ?? before;
      // After a navigation the opener may be gone: then focus stays where the new page puts it.
      if (target?.isConnected) target.focus();
    };
    // The refs are stable objects; only `active` starts and ends the trap.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active]);
}

function currentOf(ref: RefObject<HTMLElement | null> | undefined): HTMLElement | null {
  return ref?.current ?? null;
}
