import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { Link, useLocation } from 'wouter';
import { useChatUnreadTotal } from '@/api/chat';
import { useUnreadCount } from '@/api/notifications/get-unread-count';
import { BrandMark } from '@/components/brand';
import type { Accent, AccentRole } from '@/components/layout/role-accent';
import { APP_NAME } from '@/config/app';
import { ROLE_HOME } from '@/config/paths';
import { session } from '@/lib/session';
import { isLinkActive, linkName, topLinksFor } from '../frame-links';
import { AccountMenu } from './account-menu';
import { CountBadge, unreadOf } from './count-badge';
import { NotificationBell } from './notification-bell';

/**
 * The top bar of every signed-in player and academy page (spec §2): brand link to the role's
 * home, search, the section links (from `md` up; phones use the bottom bar), the bell and the
 * account menu.
 */
export function TopBar({
  role,
  accent,
  search,
}: {
  role: AccentRole;
  accent: Accent;
  search: ReactNode;
}) {
  const { user, profile_photo } = useSnapshot(session);
  const notification_count = useUnreadCount(true);
  const chatUnread = unreadOf(useChatUnreadTotal());
  const [path] = useLocation();

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:gap-4 sm:px-6">
        <Link
          href={ROLE_HOME[role]}
          className="flex shrink-0 items-center gap-2 rounded-lg text-lg font-bold tracking-tight text-slate-900"
        >
          <BrandMark className="size-9" />
          <span className="sr-only lg:not-sr-only">{APP_NAME}</span>
          {role === 'academy' ? (
            <span
              aria-hidden="true"
              className={`hidden rounded-md px-1.5 py-0.5 text-[0.6875rem] font-semibold tracking-wide uppercase lg:inline ${accent.softBg} ${accent.activeText}`}
            >
              Academy
            </span>
          ) : null}
        </Link>

        <div className="min-w-0 flex-1 md:max-w-xs">{search}</div>

        <nav aria-label="Main" className="ml-auto hidden h-full items-stretch md:flex">
          <ul className="flex h-full items-stretch">
            {topLinksFor(role).map((link) => {
              const active = isLinkActive(link, path);
              const Icon = link.icon;
              const unread = link.counts === 'chat-unread' ? chatUnread : 0;
              return (
                <li key={link.href} className="flex">
                  <Link
                    href={link.href}
                    aria-label={unread ? linkName(link, unread) : undefined}
                    aria-current={active ? 'page' : undefined}
                    className={`relative flex min-w-[4.75rem] flex-col items-center justify-center gap-0.5 px-3 text-xs font-medium transition-colors ${
                      active ? accent.activeText : `text-slate-500 ${accent.hoverText}`
                    }`}
                  >
                    <span className="relative">
                      <Icon aria-hidden="true" className="size-5" strokeWidth={active ? 2.4 : 2} />
                      <CountBadge
                        count={unread}
                        testId="messages-badge"
                        className="-top-2 -right-3"
                      />
                    </span>
                    <span>{link.label}</span>
                    {active ? (
                      <span
                        aria-hidden="true"
                        className={`absolute inset-x-3 bottom-0 h-0.5 rounded-full ${accent.solid}`}
                      />
                    ) : null}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>

        <div className="flex shrink-0 items-center gap-1 sm:gap-2 md:ml-2 md:border-l md:border-slate-200 md:pl-4">
          <NotificationBell count={notification_count} accent={accent} />
          <AccountMenu role={role} name={user} photo={profile_photo} accent={accent} />
        </div>
      </div>
    </header>
  );
}
