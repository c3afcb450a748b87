import { proxy } from 'valtio';

/**
 * When to ask 'Turn on notifications' (issue 26): after a moment where it makes sense — the first
 * message sent, a registration — never on first load, never again once answered or dismissed on
 * this device, and only where the browser can push and has not been asked yet. No zod here: the
 * chat and trial features call `offerPushAfter` from their first-load code.
 */
export const pushOffer = proxy({ open: false });

const DISMISSED_KEY = 'touchline.push-offer.answered';

const canAsk = () =>
  typeof window !== 'undefined' &&
  'Notification' in window &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  Notification.permission === 'default';

function answeredHere(): boolean {
  try {
    return localStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return true;
  }
}

/** A moment that makes sense happened (`message_sent`, `registered`): offer once. */
export function offerPushAfter(_moment: 'message_sent' | 'registered'): void {
  if (pushOffer.open || !canAsk() || answeredHere()) return;
  pushOffer.open = true;
}

/** The person answered (turned on, or 'Not now'): the offer does not come back on this device. */
export function closePushOffer(): void {
  pushOffer.open = false;
  try {
    localStorage.setItem(DISMISSED_KEY, '1');
  } catch {
    // Private mode: the offer may come back next session, which is harmless.
  }
}
