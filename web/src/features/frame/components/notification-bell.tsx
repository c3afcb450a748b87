import { Bell } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import type { Accent } from '@/components/layout/role-accent';
import { CountBadge, unreadOf } from './count-badge';

export const NOTIFICATION_PATH = '/notification';

/**
 * The bell linking to /notification, with the unread badge — shown only when the count is not
 * empty (spec §4).
 */
export function NotificationBell({ count, accent }: { count: number; accent: Accent }) {
  const [path] = useLocation();
  const current = path === NOTIFICATION_PATH;
  const unread = unreadOf(count);
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
      <CountBadge count={unread} testId="notification-badge" className="top-0.5 right-0.5" />
    </Link>
  );
}
