import { MoreHorizontal } from 'lucide-react';
import type { KeyboardEvent, ReactNode } from 'react';
import { useEffect, useId, useRef, useState } from 'react';
import { useDismiss } from '../../../components/ui/use-dismiss';

export type MenuAction = {
  label: string;
  icon: ReactNode;
  onSelect: () => void;
  danger?: boolean;
};

/**
 * A kebab button and its drop-down of actions (spec §2: closes on an outside click). A menu
 * button: it opens on the first item, arrows move, Escape closes and returns focus to it.
 */
export function ActionMenu({
  label,
  actions,
  size = 'size-9',
}: {
  /** The accessible name of the trigger ('Post options'). */
  label: string;
  actions: readonly MenuAction[];
  size?: string;
}) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (open) items(menu.current)[0]?.focus();
  }, [open]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) trigger.current?.focus();
  };
  useDismiss([trigger, menu], open, (reason) => close(reason === 'escape'));

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const all = items(menu.current);
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
    } else if (event.key === 'Tab') setOpen(false);
  };

  return (
    <div className="relative">
      <button
        ref={trigger}
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
        className={`flex ${size} items-center justify-center rounded-full text-slate-500 transition-colors hover:bg-slate-100 hover:text-slate-700`}
      >
        <MoreHorizontal className="size-5" aria-hidden="true" />
      </button>
      {open ? (
        <div
          ref={menu}
          id={menuId}
          role="menu"
          aria-label={label}
          onKeyDown={onKeyDown}
          className="absolute right-0 z-20 mt-1 w-52 origin-top-right overflow-hidden rounded-xl border border-slate-200 bg-white py-1 shadow-lg ring-1 ring-slate-900/5"
        >
          {actions.map((action) => (
            <button
              key={action.label}
              type="button"
              role="menuitem"
              tabIndex={-1}
              onClick={() => {
                setOpen(false);
                action.onSelect();
              }}
              className={`flex w-full items-center gap-3 px-4 py-2.5 text-left text-sm font-medium outline-none focus-visible:bg-slate-100 ${
                action.danger
                  ? 'text-red-600 hover:bg-red-50 focus-visible:bg-red-50'
                  : 'text-slate-700 hover:bg-slate-50'
              }`}
            >
              <span
                aria-hidden="true"
                className={action.danger ? 'text-red-500' : 'text-slate-400'}
              >
                {action.icon}
              </span>
              <span className="block first-letter:uppercase">{action.label}</span>
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}

function items(container: HTMLElement | null): HTMLElement[] {
  return Array.from(container?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
}
