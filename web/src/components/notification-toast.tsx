import { Bell } from 'lucide-react';
import type { MouseEvent } from 'react';
import { TIMINGS } from '@touchline/shared';
import { dismissToast, showToast } from '@/lib/toast';

export type ToastNotification = { id: string; text: string; link: string };

/**
 * A live notification (spec §4): its text and a VIEW button. It disappears after 5 s or when
 * dismissed; clicking it or VIEW removes it and opens its link.
 */
export function showNotificationToast(
  notification: ToastNotification,
  navigate: (to: string) => void,
) {
  const toastId = `notification-${notification.id}`;
  const open = () => {
    dismissToast(toastId);
    navigate(notification.link);
  };
  return showToast(<NotificationToast text={notification.text} onView={open} />, {
    toastId,
    position: 'top-right',
    autoClose: TIMINGS.toastAutoHideMs,
    closeOnClick: false,
    onClick: open,
    icon: false,
    ariaLabel: notification.text,
  });
}

export function NotificationToast({ text, onView }: { text: string; onView: () => void }) {
  const view = (event: MouseEvent<HTMLButtonElement>) => {
    // The toast's own click handler would open the link a second time.
    event.stopPropagation();
    onView();
  };
  return (
    <div className="flex w-full cursor-pointer items-center gap-3 pr-4">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Bell className="size-4" aria-hidden="true" />
      </span>
      <p className="min-w-0 flex-1 text-sm leading-snug text-slate-800">{text}</p>
      <button
        type="button"
        onClick={view}
        className="shrink-0 rounded-md bg-brand-700 px-2.5 py-1.5 text-xs font-bold tracking-wide text-white hover:bg-brand-800"
      >
        VIEW
      </button>
    </div>
  );
}
