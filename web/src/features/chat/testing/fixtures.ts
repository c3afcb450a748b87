import type { ChatMessage, ChatPageResponse, ChatThread } from '@touchline/shared';
import { chatThreadName } from '@touchline/shared';

/** The signed-in player, their partner (Kemi) and a second partner (Lagos Stars). */
export const ME = '00000000-0000-4000-8000-000000000001';
export const KEMI = '00000000-0000-4000-8000-000000000002';
export const STARS = '00000000-0000-4000-8000-000000000003';
export const KEMI_THREAD = chatThreadName(ME, KEMI);
export const STARS_THREAD = chatThreadName(ME, STARS);

/** Message ids sort like the server's UUIDv7: a larger `n` is a newer message. */
export const messageId = (n: number) => `01900000-0000-7000-8000-${String(n).padStart(12, '0')}`;

/** Message `n` (even: mine, odd: Kemi's), sent `1000 - n` seconds ago unless overridden. */
export function messageFixture(n: number, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: messageId(n),
    thread_name: KEMI_THREAD,
    sender_id: n % 2 === 0 ? ME : KEMI,
    text: `Message ${n}`,
    image: null,
    client_id: null,
    created_at: new Date(Date.now() - (1000 - n) * 1000).toISOString(),
    edited_at: null,
    deleted: false,
    ...overrides,
  };
}

export function threadFixture(overrides: Partial<ChatThread> = {}): ChatThread {
  return {
    thread_name: KEMI_THREAD,
    partner: {
      id: KEMI,
      username: 'Kemi Adeyemi',
      profile_photo: null,
      role: 'player',
      online: false,
      last_seen: new Date(Date.now() - 5 * 60_000).toISOString(),
    },
    last_message: null,
    unread_count: 0,
    my_last_read_message_id: null,
    partner_last_read_message_id: null,
    last_activity_at: new Date(Date.now() - 60_000).toISOString(),
    ...overrides,
  };
}

/** A page of `GET /api/chat`: the messages newest first. */
export function pageFixture(
  messages: ChatMessage[],
  hasMore = false,
  thread: ChatThread = threadFixture(),
): ChatPageResponse {
  const newestFirst = [...messages].sort((a, b) => (a.id < b.id ? 1 : -1));
  return {
    messages: newestFirst,
    has_more: hasMore,
    page: null,
    next: hasMore ? (newestFirst.at(-1)?.id ?? null) : null,
    thread,
  };
}
