import { Bell } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import type { Accent } from '@/components/layout/role-accent';

export const NOTIFICATION_PATH = '/notification';

/** Shown instead of larger counts, so the badge stays round. */
const BADGE_MAX = 99;

/**
 * The bell linking to /notification, with the unread badge — shown only when the count is not
 * empty (spec §4).
 */
export function NotificationBell({ count, accent }: { count: number; accent: Accent }) {
  const [path] = useLocation();
  const current = path === NOTIFICATION_PATH;
  const unread = Number.isFinite(count) && count > 0 ? count : 0;
  return (
    <Link
      href={NOTIFICATION_PATH}
      aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'}
      aria-current={current ? 'page' : undefined}
      className={`relative inline-flex size-10 items-center justify-center rounded-full transition-colors hover:bg-slate-100 ${
        current ? `${accent.softBg} ${accent.activeText}` : 'text-slate-600'
      }`}
    >
      <Bell aria-hidden="true" className="size-5" />
      {unread ? (
        <span
          data-testid="notification-badge"
          aria-hidden="true"
          className="absolute top-0.5 right-0.5 flex h-[1.125rem] min-w-[1.125rem] items-center justify-center rounded-full bg-red-600 px-1 text-[0.6875rem] leading-none font-bold text-white ring-2 ring-white"
        >
          {unread > BADGE_MAX ? `${BADGE_MAX}+` : unread}
        </span>
      ) : null}
    </Link>
  );
}
