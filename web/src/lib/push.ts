import { messageSchema, pushKeyResponseSchema, REACH_TEXTS } from '@touchline/shared';
import { api, apiRequest } from './api-client';

export type PushState = 'unsupported' | 'blocked' | 'off' | 'on';

const supported = () =>
  typeof window !== 'undefined' &&
  'Notification' in window &&
  'serviceWorker' in navigator &&
  'PushManager' in window;

/** The service worker's registration, if it registered (production builds; not in dev). */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!supported()) return null;
  return (await navigator.serviceWorker.getRegistration('/')) ?? null;
}

/** Whether this device pushes: unsupported, blocked by the person, off, or on. */
export async function pushState(): Promise<PushState> {
  if (!supported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  const reg = await registration();
  if (!reg) return 'unsupported';
  return (await reg.pushManager.getSubscription()) ? 'on' : 'off';
}

const toKey = (base64url: string) => {
  const raw = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
};

/**
 * Asks the browser (the permission prompt comes from a tap, never on load), subscribes with our
 * VAPID key (`GET /api/push/key`) and registers the device (`POST /api/push/subscriptions`).
 * Answers a message to show.
 */
export async function turnOnPush(): Promise<{ ok: boolean; message: string }> {
  if (!supported()) return { ok: false, message: REACH_TEXTS.pushUnsupported };
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return { ok: false, message: REACH_TEXTS.pushBlocked };
  const reg = await navigator.serviceWorker.ready;
  const { public_key } = await api.get('push/key', pushKeyResponseSchema);
  const subscription =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: toKey(public_key),
    }));
  const answer = await api.post('push/subscriptions', subscription.toJSON(), messageSchema);
  return { ok: true, message: answer.message };
}

/** Unsubscribes this device at the push service and here (`DELETE /api/push/subscriptions`). */
export async function turnOffPush(): Promise<void> {
  const reg = await registration();
  const subscription = await reg?.pushManager.getSubscription();
  if (!subscription) return;
  await apiRequest('push/subscriptions', {
    method: 'DELETE',
    body: { endpoint: subscription.endpoint },
    schema: messageSchema,
  }).catch(() => undefined);
  await subscription.unsubscribe();
}
