import { BellOff, CheckCheck } from 'lucide-react';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { EmptyCard, PagedList } from '@/components/paged-list';
import { useUnreadCount } from '@/api/notifications/get-unread-count';
import { Button } from '@/components/ui/button';
import { session } from '@/lib/session';
import { showNotice } from '@/lib/toast';
import { useDeleteNotification } from '../api/delete-notification';
import { useNotifications } from '../api/get-notifications';
import { useMarkAllAsRead } from '../api/mark-all-as-read';
import { useMarkAsRead } from '../api/mark-as-read';
import { NotificationRow } from './notification-row';

/**
 * `/notification`: newest first, 20 a page with 'Load more'. Opening a row marks it read and
 * goes to its link; each row can be deleted; 'Mark All as Read' clears the badge.
 */
export function NotificationCentre() {
  const [, navigate] = useLocation();
  const { role } = useSnapshot(session);
  const notification_count = useUnreadCount(true);
  const list = useNotifications();
  const markAsRead = useMarkAsRead();
  const markAll = useMarkAllAsRead();
  const remove = useDeleteNotification();
  const onError = (error: Error) => showNotice(error.message, 'error');

  const rows = list.data?.pages.flatMap((page) => page.results) ?? [];
  const anyUnread = notification_count > 0 || rows.some((row) => !row.is_read);

  return (
    <>
      <header className="mb-5 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Notifications</h1>
          <p className="mt-1 text-sm text-slate-600">
            {notification_count > 0
              ? `You have ${notification_count} unread ${notification_count === 1 ? 'notification' : 'notifications'}.`
              : 'You are all caught up.'}
          </p>
        </div>
        <Button
          tone="secondary"
          disabled={!anyUnread}
          loading={markAll.isPending}
          onClick={() => markAll.mutate(undefined, { onError })}
        >
          <CheckCheck aria-hidden="true" className="size-4" />
          Mark All as Read
        </Button>
      </header>

      <PagedList
        query={list}
        items={rows}
        label="Notifications"
        renderItem={(row) => (
          <NotificationRow
            key={row.id}
            notification={row}
            tone={role === 'academy' ? 'academy' : 'player'}
            onOpen={() => {
              if (!row.is_read) markAsRead.mutate(row.id, { onError: console.error });
              navigate(row.link);
            }}
            onDelete={() => remove.mutate(row.id, { onError })}
          />
        )}
        errorText="We could not load your notifications. Please try again."
        empty={
          <EmptyCard
            icon={BellOff}
            title="No notifications yet"
            text="Friend requests, likes, comments and trial news will show up here."
            padding="py-12"
          />
        }
        skeleton={{ rows: 4, lines: ['h-4 w-3/4', 'h-3 w-20'] }}
      />
    </>
  );
}
