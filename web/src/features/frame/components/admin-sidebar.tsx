import { LogOut } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { useChatUnreadTotal } from '@/api/chat';
import { ADMIN_LINKS, isAdminLinkActive } from '../admin-links';
import { CountBadge, badgeText, unreadOf } from './count-badge';

/**
 * The admin navigation: the sections, then Logout. `compact` shows icons only (their names stay
 * as accessible labels and tooltips). Messages carries the unread chat total (the server's
 * count): a red badge and the name 'Messages, 3 unread'.
 */
export function AdminSidebarNav({
  compact = false,
  onNavigate,
  onLogout,
}: {
  compact?: boolean;
  onNavigate?: () => void;
  onLogout: () => void;
}) {
  const [path] = useLocation();
  const chatUnread = unreadOf(useChatUnreadTotal());
  const itemClass = (active: boolean) =>
    `flex h-11 items-center gap-3 rounded-lg text-sm font-medium transition-colors ${
      compact ? 'justify-center px-0' : 'px-3'
    } ${active ? 'bg-white/10 text-white' : 'text-slate-300 hover:bg-white/5 hover:text-white'}`;

  return (
    <div className="flex h-full flex-col">
      <nav aria-label="Admin" className="flex-1">
        <ul className="space-y-1">
          {ADMIN_LINKS.map((link) => {
            const active = isAdminLinkActive(link, path);
            const Icon = link.icon;
            const unread = link.counts === 'chat-unread' ? chatUnread : 0;
            const name = unread ? `${link.label}, ${unread} unread` : link.label;
            return (
              <li key={link.href}>
                <Link
                  href={link.href}
                  aria-current={active ? 'page' : undefined}
                  aria-label={compact || unread ? name : undefined}
                  title={compact ? name : undefined}
                  className={itemClass(active)}
                  onClick={onNavigate}
                >
                  <span className="relative shrink-0">
                    <Icon
                      aria-hidden="true"
                      className={`size-5 ${active ? 'text-brand-400' : ''}`}
                    />
                    {compact ? (
                      <CountBadge
                        count={unread}
                        testId="messages-badge"
                        className="-top-2 -right-2.5"
                      />
                    ) : null}
                  </span>
                  {compact ? null : <span>{link.label}</span>}
                  {!compact && unread ? (
                    <span
                      data-testid="messages-badge"
                      aria-hidden="true"
                      className="ml-auto flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-[0.6875rem] leading-none font-bold text-white"
                    >
                      {badgeText(unread)}
                    </span>
                  ) : null}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <button
        type="button"
        onClick={onLogout}
        aria-label={compact ? 'Logout' : undefined}
        title={compact ? 'Logout' : undefined}
        className={`${itemClass(false)} mt-4 w-full border-t border-white/10 pt-1`}
      >
        <LogOut aria-hidden="true" className="size-5 shrink-0" />
        {compact ? null : <span>Logout</span>}
      </button>
    </div>
  );
}
