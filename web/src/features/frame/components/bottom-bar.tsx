import { Link, useLocation } from 'wouter';
import { useChatUnreadTotal } from '@/api/chat';
import type { Accent, AccentRole } from '@/components/layout/role-accent';
import { bottomTabsFor, isLinkActive, linkName } from '../frame-links';
import { CountBadge, unreadOf } from './count-badge';

/**
 * The phone navigation (spec §2): Home, Trials, Messages, then Friends for players or Profile for
 * academies, fixed to the bottom below `md`; the current tab is highlighted. Messages carries the
 * unread chat total, as the top bar's link does.
 */
export function BottomBar({ role, accent }: { role: AccentRole; accent: Accent }) {
  const [path] = useLocation();
  const chatUnread = unreadOf(useChatUnreadTotal());
  return (
    <nav
      aria-label="Tabs"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)] md:hidden"
    >
      <ul className="mx-auto grid h-16 max-w-md grid-cols-4">
        {bottomTabsFor(role).map((tab) => {
          const active = isLinkActive(tab, path);
          const Icon = tab.icon;
          const unread = tab.counts === 'chat-unread' ? chatUnread : 0;
          return (
            <li key={tab.href} className="flex">
              <Link
                href={tab.href}
                aria-label={unread ? linkName(tab, unread) : undefined}
                aria-current={active ? 'page' : undefined}
                className={`relative flex flex-1 flex-col items-center justify-center gap-1 text-[0.6875rem] font-medium transition-colors ${
                  active ? accent.activeText : 'text-slate-500'
                }`}
              >
                {active ? (
                  <span
                    aria-hidden="true"
                    className={`absolute inset-x-6 top-0 h-0.5 rounded-full ${accent.solid}`}
                  />
                ) : null}
                <span
                  className={`relative flex h-7 w-12 items-center justify-center rounded-full transition-colors ${
                    active ? accent.softBg : ''
                  }`}
                >
                  <Icon aria-hidden="true" className="size-5" strokeWidth={active ? 2.4 : 2} />
                  <CountBadge count={unread} testId="messages-badge" className="-top-1 right-1" />
                </span>
                <span>{tab.label}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
