import type { Id, ToastContent, ToastOptions } from 'react-toastify';
import type * as ToastifyModule from 'react-toastify';
import { TIMINGS } from '@touchline/shared';

export type NoticeType = 'success' | 'info' | 'warning' | 'error';

/**
 * react-toastify (≈ 7 kB brotli) is not in the first load: it loads with the first toast, and
 * `<Toaster />` (`components/toaster.tsx`, in the app's providers) mounts its container once it
 * has. A toast asked for while it loads waits in react-toastify's own queue (toasts sent before a
 * container mounts are shown when it does), so none is lost.
 */
type Toastify = typeof ToastifyModule;

let toastify: Toastify | undefined;
let loading: Promise<Toastify> | undefined;
const listeners = new Set<() => void>();
let sequence = 0;

/** Loads react-toastify once (a failed fetch is tried again by the next toast). */
export function loadToasts(): Promise<Toastify> {
  loading ??= import('react-toastify').then(
    (module) => {
      toastify = module;
      for (const listener of listeners) listener();
      return module;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** react-toastify once loaded (for the lazily mounted container), else undefined. */
export const loadedToasts = (): Toastify | undefined => toastify;

/** Calls `listener` when react-toastify has loaded; answers the unsubscribe. */
export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Shows a toast, at once when react-toastify is loaded, else as soon as it is. Answers the
 * toast's id (`options.toastId`, or a new one).
 */
export function showToast(content: ToastContent, options: ToastOptions = {}): Id {
  const toastId = options.toastId ?? `toast-${++sequence}`;
  const show = (module: Toastify) => module.toast(content, { ...options, toastId });
  if (toastify) show(toastify);
  else loadToasts().then(show, () => undefined);
  return toastId;
}

/** Removes a toast (one still waiting for react-toastify too). */
export function dismissToast(toastId: Id): void {
  if (toastify) toastify.toast.dismiss(toastId);
  else
    void loadToasts().then(
      (module) => module.toast.dismiss(toastId),
      () => undefined,
    );
}

/** General transient notice: top-right, closes after 5 s (spec §9). */
export function showNotice(message: string, type: NoticeType = 'info', options: ToastOptions = {}) {
  return showToast(message, {
    type,
    position: 'top-right',
    autoClose: TIMINGS.toastAutoHideMs,
    ...options,
  });
}

/**
 * The authentication area's helper (spec §8): bottom-right, and the type follows the code —
 * 200 success, 100 info, 300 warning, anything else error.
 */
export function notify(code: number, message: string, options: ToastOptions = {}) {
  return showToast(message, {
    type: noticeTypeFor(code),
    position: 'bottom-right',
    autoClose: TIMINGS.toastAutoHideMs,
    ...options,
  });
}

export function noticeTypeFor(code: number): NoticeType {
  if (code === 200) return 'success';
  if (code === 100) return 'info';
  if (code === 300) return 'warning';
  return 'error';
}
