import { proxy } from 'valtio';

/**
 * What the user has typed but not sent, per user and conversation (`<userId>:<threadName>`; UI
 * state): switching conversations and coming back keeps it, as messengers do. Kept for this tab's
 * lifetime only, and never shown to someone else signing in here.
 */
export const drafts = proxy<{ byThread: Record<string, string> }>({ byThread: {} });

export function draftOf(key: string): string {
  return drafts.byThread[key] ?? '';
}

export function setDraft(key: string, text: string): void {
  if (text === '') delete drafts.byThread[key];
  else drafts.byThread[key] = text;
}
