import type { RefObject } from 'react';
import { useEffect, useEffectEvent } from 'react';

/**
 * Calls `onDismiss` on a pointer press outside every element in `inside`, or on Escape, while
 * `active` — how pop-overs such as drop-down menus close (spec §2: "closes on outside click").
 */
export function useDismiss(
  inside: readonly RefObject<HTMLElement | null>[],
  active: boolean,
  onDismiss: (reason: 'outside' | 'escape') => void,
): void {
  const dismiss = useEffectEvent(onDismiss);
  const isInside = useEffectEvent((target: EventTarget | null) =>
    inside.some((ref) => target instanceof Node && ref.current?.contains(target)),
  );

  useEffect(() => {
    if (!active) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!isInside(event.target)) dismiss('outside');
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') dismiss('escape');
    };
    // Pointer events cover mouse, pen and touch alike.
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [active]);
}
