import type { ChatMessage, ChatPartner } from '@touchline/shared';
import { CHAT_MESSAGES } from '@touchline/shared';
import { relativeTime } from '@/lib/relative-time';

/**
 * Chat times are the reader's clock (the device's time zone), as in every messenger: a bubble's
 * time, the day separators and the list's times.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

function startOfDay(time: Date): number {
  return new Date(time.getFullYear(), time.getMonth(), time.getDate()).getTime();
}

/** The calendar day a message belongs to (a separator is drawn where it changes). */
export function dayKey(iso: string): string {
  const time = new Date(iso);
  return `${time.getFullYear()}-${time.getMonth()}-${time.getDate()}`;
}

/** 'Today', 'Yesterday', 'Mon 23 Nov' (with the year when it is not this year's). */
export function dayLabel(iso: string, now: number = Date.now()): string {
  const time = new Date(iso);
  const days = Math.round((startOfDay(new Date(now)) - startOfDay(time)) / DAY_MS);
  // A message newer than the clock the screen last read is today's too.
  if (days <= 0) return 'Today';
  if (days === 1) return 'Yesterday';
  const weekday = time.toLocaleDateString('en-GB', { weekday: 'short' });
  const date = time.toLocaleDateString('en-GB', { day: 'numeric', month: 'short' });
  const year = time.getFullYear() === new Date(now).getFullYear() ? '' : ` ${time.getFullYear()}`;
  return `${weekday} ${date}${year}`;
}

/** A bubble's time: '14:05'. */
export function timeLabel(iso: string): string {
  return new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
}

/** The list's time of the last message: the time today, 'Yesterday', then the day. */
export function listTimeLabel(iso: string, now: number = Date.now()): string {
  const label = dayLabel(iso, now);
  return label === 'Today' ? timeLabel(iso) : label;
}

/** The header's presence line: 'Online', 'Last seen 5 min ago', or nothing when unknown. */
export function presenceLabel(
  partner: Pick<ChatPartner, 'online' | 'last_seen'>,
  now: number = Date.now(),
): string | null {
  if (partner.online) return 'Online';
  if (!partner.last_seen) return null;
  return `Last seen ${relativeTime(partner.last_seen, 'long', now)}`;
}

/** The list's preview of a conversation's last message. */
export function previewText(message: ChatMessage | null, myId: string | null): string {
  if (!message) return 'No messages yet';
  if (message.deleted) return CHAT_MESSAGES.deletedText;
  const body = message.text.trim() || (message.image ? 'Photo' : '');
  return message.sender_id === myId ? `You: ${body}` : body;
}

/** Message ids are UUIDv7: the larger id is the newer message (null is older than any). */
export function isNewer(id: string, than: string | null | undefined): boolean {
  return !than || id > than;
}
