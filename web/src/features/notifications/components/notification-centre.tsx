import { BellOff, CheckCheck } from 'lucide-react';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { Skeleton } from '../../../components/skeleton';
import { Button } from '../../../components/ui/button';
import { session } from '../../../lib/session';
import { showNotice } from '../../../lib/toast';
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
  const { notification_count, role } = useSnapshot(session);
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

      {list.isPending ? (
        <div className="card divide-y divide-slate-100" aria-busy="true" aria-label="Loading">
          {[0, 1, 2, 3].map((row) => (
            <div key={row} className="flex items-center gap-3 px-5 py-3">
              <Skeleton className="size-11" rounded="rounded-full" />
              <div className="flex-1 space-y-2">
                <Skeleton className="h-4 w-3/4" />
                <Skeleton className="h-3 w-20" />
              </div>
            </div>
          ))}
        </div>
      ) : list.isError ? (
        <div role="alert" className="card p-6 text-center text-sm text-slate-600">
          <p>We could not load your notifications. Please try again.</p>
          <Button tone="secondary" className="mt-3" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </div>
      ) : rows.length === 0 ? (
        <div className="card flex flex-col items-center px-6 py-12 text-center">
          <span className="mb-3 flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500">
            <BellOff aria-hidden="true" className="size-6" />
          </span>
          <h2 className="font-semibold text-slate-900">No notifications yet</h2>
          <p className="mt-1 max-w-sm text-sm text-slate-600">
            Friend requests, likes, comments and trial news will show up here.
          </p>
        </div>
      ) : (
        <div className="card overflow-hidden">
          <ul aria-label="Notifications" className="divide-y divide-slate-100">
            {rows.map((row) => (
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
            ))}
          </ul>
          {list.hasNextPage ? (
            <div className="border-t border-slate-100 p-3 text-center">
              <Button
                tone="secondary"
                loading={list.isFetchingNextPage}
                onClick={() => void list.fetchNextPage()}
              >
                Load more
              </Button>
            </div>
          ) : null}
        </div>
      )}
    </>
  );
}
