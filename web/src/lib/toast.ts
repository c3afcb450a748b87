import type { ToastOptions } from 'react-toastify';
import { toast } from 'react-toastify';
import { TIMINGS } from '@touchline/shared';

export type NoticeType = 'success' | 'info' | 'warning' | 'error';

/** General transient notice: top-right, closes after 5 s (spec §9). */
export function showNotice(message: string, type: NoticeType = 'info', options: ToastOptions = {}) {
  return toast(message, {
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
  return toast(message, {
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
