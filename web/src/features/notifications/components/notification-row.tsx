import type { NotificationView } from '@touchline/shared';
import { Trash2 } from 'lucide-react';
import { UserAvatar } from '@/components/ui/user-avatar';
import { relativeTime } from '@/lib/relative-time';
import { NotificationIcon } from './notification-icon';

/** Unread marks in the role's colour (spec §6: players green, academies indigo). */
const UNREAD = {
  player: { row: 'bg-brand-50/60 hover:bg-brand-50', dot: 'bg-brand-600', time: 'text-brand-700' },
  academy: {
    row: 'bg-academy-50/60 hover:bg-academy-50',
    dot: 'bg-academy-600',
    time: 'text-academy-700',
  },
} as const;

/**
 * One notification: the actor's photo with the kind's icon, the text, how long ago, an unread
 * mark; pressing it opens its link (and marks it read), the bin deletes it.
 */
export function NotificationRow({
  notification,
  onOpen,
  onDelete,
  tone = 'player',
}: {
  tone?: keyof typeof UNREAD;
  notification: NotificationView;
  onOpen: () => void;
  onDelete: () => void;
}) {
  const unread = !notification.is_read;
  return (
    <li
      data-unread={unread || undefined}
      className={`group relative flex items-center gap-3 px-4 py-3 transition-colors sm:px-5 ${
        unread ? UNREAD[tone].row : 'hover:bg-slate-50'
      }`}
    >
      <button
        type="button"
        onClick={onOpen}
        className="flex min-w-0 flex-1 items-center gap-3 rounded-lg text-left"
      >
        <span className="relative shrink-0">
          <UserAvatar src={notification.actor?.photo_url} className="size-11" />
          <NotificationIcon kind={notification.kind} />
        </span>
        <span className="min-w-0 flex-1">
          <span
            className={`block text-sm leading-snug ${
              unread ? 'font-semibold text-slate-900' : 'text-slate-700'
            }`}
          >
            {notification.text}
            {unread ? <span className="sr-only"> (unread)</span> : null}
          </span>
          <time
            dateTime={notification.created_at}
            className={`mt-0.5 block text-xs ${unread ? UNREAD[tone].time : 'text-slate-500'}`}
          >
            {relativeTime(notification.created_at, 'long')}
          </time>
        </span>
        {unread ? (
          <span
            aria-hidden="true"
            className={`size-2.5 shrink-0 rounded-full ${UNREAD[tone].dot}`}
          />
        ) : null}
      </button>
      <button
        type="button"
        onClick={onDelete}
        aria-label={`Delete notification: ${notification.text}`}
        className="flex size-9 shrink-0 items-center justify-center rounded-full text-slate-400 transition-colors hover:bg-red-50 hover:text-red-600"
      >
        <Trash2 aria-hidden="true" className="size-4" />
      </button>
    </li>
  );
}
