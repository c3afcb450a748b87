import { ChevronDown, LogOut } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import type { Accent, AccentRole } from '../../../components/layout/role-accent';
import { useDismiss } from '../../../components/ui/use-dismiss';
import { UserAvatar } from '../../../components/ui/user-avatar';
import { accountLinksFor } from '../frame-links';
import { LogoutDialog } from './logout-dialog';

type AccountMenuProps = {
  role: AccentRole;
  name: string | null;
  photo: string | null;
  accent: Accent;
};

/**
 * The round avatar and its drop-down (spec §2): View Profile, View Joined Trials (players only)
 * and Logout, which asks for confirmation. A menu button: Enter, Space or ArrowDown opens it on
 * the first item, arrows move, Escape closes it and returns to the avatar, and a click outside
 * closes it.
 */
export function AccountMenu({ role, name, photo, accent }: AccountMenuProps) {
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const links = accountLinksFor(role);

  const items = () => menuItems(menu.current);
  const focusItem = (index: number) => {
    const all = items();
    all[(index + all.length) % all.length]?.focus();
  };

  // Which item takes focus once the menu has rendered.
  const focusOnOpen = useRef<'first' | 'last'>('first');
  const openMenu = (focus: 'first' | 'last' = 'first') => {
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
    if (refocus) trigger.current?.focus();
  };

  useDismiss([trigger, menu], open, (reason) => close(reason === 'escape'));

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      openMenu('first');
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openMenu('last');
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const all = items();
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
      focusItem(next);
    } else if (event.key === 'Tab') {
      // Leaving the menu with Tab closes it; focus moves on as usual.
      setOpen(false);
    }
  };

  const itemClass = `flex w-full items-center gap-3 px-4 py-2.5 text-left text-sm font-medium text-slate-700 outline-none hover:bg-slate-50 focus-visible:bg-slate-100 focus-visible:outline-none ${accent.hoverText}`;

  return (
    <div className="relative">
      <button
        ref={trigger}
        type="button"
        aria-label="Account menu"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : openMenu())}
        onKeyDown={onTriggerKeyDown}
        className="flex items-center gap-1 rounded-full p-0.5 text-slate-500 transition-colors hover:text-slate-700"
      >
        <UserAvatar src={photo} className="size-9 ring-2 ring-white" />
        <ChevronDown
          aria-hidden="true"
          className={`hidden size-4 transition-transform sm:block ${open ? 'rotate-180' : ''}`}
        />
      </button>

      {open ? (
        <div
          ref={menu}
          id={menuId}
          role="menu"
          aria-label="Account"
          onKeyDown={onMenuKeyDown}
          className="absolute right-0 z-40 mt-2 w-64 origin-top-right overflow-hidden rounded-xl border border-slate-200 bg-white py-1 shadow-lg ring-1 ring-slate-900/5"
        >
          <div className="flex items-center gap-3 border-b border-slate-100 px-4 py-3" role="none">
            <UserAvatar src={photo} className="size-10" />
            <div className="min-w-0">
              <p className="truncate text-sm font-semibold text-slate-900">
                {name ?? 'Your account'}
              </p>
              <p className="text-xs text-slate-500">{role === 'academy' ? 'Academy' : 'Player'}</p>
            </div>
          </div>
          <div className="py-1" role="none">
            {links.map(({ label, href, icon: Icon }) => (
              <Link
                key={href}
                href={href}
                role="menuitem"
                tabIndex={-1}
                className={itemClass}
                onClick={() => setOpen(false)}
              >
                <Icon aria-hidden="true" className="size-4 text-slate-400" />
                {label}
              </Link>
            ))}
          </div>
          <div className="border-t border-slate-100 py-1" role="none">
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              className={itemClass}
              onClick={() => {
                setOpen(false);
                setConfirming(true);
              }}
            >
              <LogOut aria-hidden="true" className="size-4 text-slate-400" />
              Logout
            </button>
          </div>
        </div>
      ) : null}

      <LogoutDialog
        open={confirming}
        role={role}
        onClose={() => setConfirming(false)}
        returnFocus={trigger}
        confirmClassName={accent.button}
      />
    </div>
  );
}

function menuItems(container: HTMLElement | null): HTMLElement[] {
  return Array.from(container?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
}
