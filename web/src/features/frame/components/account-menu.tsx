import { ChevronDown, LogOut } from 'lucide-react';
import { Suspense, lazy, useRef, useState } from 'react';
import { Link } from 'wouter';
import type { Accent, AccentRole } from '@/components/layout/role-accent';
import { MenuButton } from '@/components/ui/menu-button';
import { UserAvatar } from '@/components/ui/user-avatar';
import { accountLinksFor } from '../frame-links';

// Loaded when first asked for: the first page of a signed-in user does not download it.
const LogoutDialog = lazy(() =>
  import('./logout-dialog').then(({ LogoutDialog }) => ({ default: LogoutDialog })),
);

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
  const [confirming, setConfirming] = useState(false);
  /** Asked for once: the dialog stays mounted after, so it closes as it opened. */
  const [asked, setAsked] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const links = accountLinksFor(role);

  const itemClass = `flex w-full items-center gap-3 px-4 py-2.5 text-left text-sm font-medium text-slate-700 outline-none hover:bg-slate-50 focus-visible:bg-slate-100 focus-visible:outline-none ${accent.hoverText}`;

  return (
    <>
      <MenuButton
        label="Account menu"
        menuLabel="Account"
        triggerRef={trigger}
        trigger={(open) => (
          <>
            <UserAvatar src={photo} className="size-9 ring-2 ring-white" />
            <ChevronDown
              aria-hidden="true"
              className={`hidden size-4 transition-transform sm:block ${open ? 'rotate-180' : ''}`}
            />
          </>
        )}
        triggerClassName="flex items-center gap-1 rounded-full p-0.5 text-slate-500 transition-colors hover:text-slate-700"
        menuClassName="z-40 mt-2 w-64"
      >
        {(close) => (
          <>
            <div
              className="flex items-center gap-3 border-b border-slate-100 px-4 py-3"
              role="none"
            >
              <UserAvatar src={photo} className="size-10" />
              <div className="min-w-0">
                <p className="truncate text-sm font-semibold text-slate-900">
                  {name ?? 'Your account'}
                </p>
                <p className="text-xs text-slate-500">
                  {role === 'academy' ? 'Academy' : 'Player'}
                </p>
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
                  onClick={close}
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
                  close();
                  setAsked(true);
                  setConfirming(true);
                }}
              >
                <LogOut aria-hidden="true" className="size-4 text-slate-400" />
                Logout
              </button>
            </div>
          </>
        )}
      </MenuButton>

      {asked && (
        <Suspense fallback={null}>
          <LogoutDialog
            open={confirming}
            role={role}
            onClose={() => setConfirming(false)}
            returnFocus={trigger}
            confirmClassName={accent.button}
          />
        </Suspense>
      )}
    </>
  );
}
