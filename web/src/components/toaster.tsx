import { useSyncExternalStore } from 'react';
import { TIMINGS } from '@touchline/shared';
import { loadedToasts, subscribeToasts } from '@/lib/toast';

/**
 * The toasts' container, mounted once the first toast has loaded react-toastify (`lib/toast`);
 * nothing before that. Toasts sent while it loads are shown when it mounts.
 */
export function Toaster() {
  const toastify = useSyncExternalStore(subscribeToasts, loadedToasts, loadedToasts);
  if (!toastify) return null;
  const { ToastContainer } = toastify;
  return <ToastContainer autoClose={TIMINGS.toastAutoHideMs} newestOnTop theme="light" />;
}
