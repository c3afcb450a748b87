import type { KeyboardEvent, ReactNode, RefObject } from 'react';
import { useEffect, useId, useRef, useState } from 'react';
import { useDismiss } from './use-dismiss';

type MenuButtonProps = {
  /** The trigger's accessible name ('Post options', 'Account menu'). */
  label: string;
  /** The menu's accessible name; the trigger's by default. */
  menuLabel?: string;
  /** What the trigger shows; it may turn with the menu (a chevron). */
  trigger: (open: boolean) => ReactNode;
  triggerClassName: string;
  /** Layering, gap and width of the drop-down ('z-20 mt-1 w-52'); it opens under the right edge. */
  menuClassName: string;
  /** For a dialog opened from the menu that gives focus back to the trigger. */
  triggerRef?: RefObject<HTMLButtonElement | null>;
  /** The items (`role="menuitem"`, `tabIndex={-1}`); `close` hides the menu. */
  children: (close: () => void) => ReactNode;
};

/**
 * A button and its drop-down menu (spec §2: closes on an outside click), following the menu
 * button pattern: Enter, Space or ArrowDown opens it on the first item and ArrowUp on the last,
 * arrows, Home and End move, Escape closes it and gives focus back to the button, Tab leaves it.
 */
export function MenuButton({
  label,
  menuLabel = label,
  trigger,
  triggerClassName,
  menuClassName,
  triggerRef,
  children,
}: MenuButtonProps) {
  const [open, setOpen] = useState(false);
  const ownTrigger = useRef<HTMLButtonElement>(null);
  const button = triggerRef ?? ownTrigger;
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();

  // Which item takes focus once the menu has rendered.
  const focusOnOpen = useRef<'first' | 'last'>('first');
  const openMenu = (focus: 'first' | 'last') => {
    focusOnOpen.current = focus;
    setOpen(true);
  };
  useEffect(() => {
    if (!open) return;
    const all = menuItems(menu.current);
    (focusOnOpen.current === 'first' ? all[0] : all.at(-1))?.focus();
  }, [open]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };
  useDismiss([button, menu], open, (reason) => close(reason === 'escape'));

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openMenu(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const all = menuItems(menu.current);
    const index = all.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = {
      ArrowDown: index + 1,
      ArrowUp: index - 1,
      Home: 0,
      End: all.length - 1,
    };
    const next = moves[event.key];
    if (next !== undefined) {
      event.preventDefault();
      all[(next + all.length) % all.length]?.focus();
    } else if (event.key === 'Tab') {
      // Leaving the menu with Tab closes it; focus moves on as usual.
      setOpen(false);
    }
  };

  return (
    <div className="relative">
      <button
        ref={button}
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : openMenu('first'))}
        onKeyDown={onTriggerKeyDown}
        className={triggerClassName}
      >
        {trigger(open)}
      </button>
      {open ? (
        <div
          ref={menu}
          id={menuId}
          role="menu"
          aria-label={menuLabel}
          onKeyDown={onMenuKeyDown}
          className={`absolute right-0 origin-top-right overflow-hidden rounded-xl border border-slate-200 bg-white py-1 shadow-lg ring-1 ring-slate-900/5 ${menuClassName}`}
        >
          {children(() => setOpen(false))}
        </div>
      ) : null}
    </div>
  );
}

function menuItems(container: HTMLElement | null): HTMLElement[] {
  return Array.from(container?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
}
