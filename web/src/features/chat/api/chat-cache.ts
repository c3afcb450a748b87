import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { ChatMessage, ChatPartner, ChatThread } from '@touchline/shared';
import { chatKeys, setChatUnreadTotal } from '@/api/chat';
import { isNewer } from '../lib/format';
import type { ChatListData } from './get-chat-list';
import type { ChatThreadData } from './get-chat-page';

/**
 * Changes the cached conversations in place, for the socket events and the answers of this tab's
 * own sends, edits and reads. A message is one row whatever way it arrives (the send's answer,
 * its own echo on the socket, a replay after a reconnect): rows are matched by id, and by the
 * sender's `client_id` for the one a send is still waiting for.
 */

const sameMessage = (a: ChatMessage, b: ChatMessage) =>
  a.id === b.id ||
  (a.client_id !== null && a.client_id === b.client_id && a.sender_id === b.sender_id);

/** Of two copies of one message, the later state: deletion is final, then the later edit. */
function fresher(held: ChatMessage, incoming: ChatMessage): ChatMessage {
  if (held.deleted && !incoming.deleted) return held;
  if (incoming.deleted) return incoming;
  if (held.edited_at && (!incoming.edited_at || incoming.edited_at < held.edited_at)) return held;
  return incoming;
}

function withMessage(data: ChatThreadData, message: ChatMessage): ChatThreadData {
  const held = data.pages.flatMap((page) => page.messages).find((m) => sameMessage(m, message));
  if (held) {
    const next = fresher(held, message);
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        messages: page.messages.map((m) => (sameMessage(m, message) ? next : m)),
      })),
    };
  }
  const [first, ...rest] = data.pages;
  if (!first) return data;
  const messages = [message, ...first.messages].sort((a, b) => (a.id < b.id ? 1 : -1));
  return { ...data, pages: [{ ...first, messages }, ...rest] };
}

/**
 * Changes that arrived while their cache was being fetched (a refetch after a reconnect, an older
 * page): the fetch's answer replaces the cached data with what the server read before they
 * happened, so they are applied again, in order, once it lands (`keepLiveChangesThroughFetches`).
 */
const heldChanges = new Map<string, ((data: never) => unknown)[]>();

/** Changes a cached chat query now, and again after a fetch in flight lands. */
function change<T>(queryClient: QueryClient, key: QueryKey, apply: (data: T) => T): void {
  if (queryClient.getQueryState(key)?.fetchStatus === 'fetching') {
    const id = JSON.stringify(key);
    heldChanges.set(id, [...(heldChanges.get(id) ?? []), apply as (data: never) => unknown]);
  }
  queryClient.setQueryData<T>(key, (data) => (data === undefined ? data : apply(data)));
}

/** Applies the changes that arrived during a chat fetch again once it lands. */
export function keepLiveChangesThroughFetches(queryClient: QueryClient): () => void {
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.query.queryKey[0] !== chatKeys.all[0]) return;
    const id = JSON.stringify(event.query.queryKey);
    const { action } = event;
    if (action.type === 'error') heldChanges.delete(id);
    if (action.type !== 'success' || action.manual) return;
    const held = heldChanges.get(id);
    if (!held) return;
    heldChanges.delete(id);
    queryClient.setQueryData(event.query.queryKey, (data: unknown) => {
      let current = data;
      if (current !== undefined) for (const apply of held) current = apply(current as never);
      return current;
    });
  });
}

/**
 * Puts a new or changed message in its conversation's history (when cached) and in the list: a
 * new message becomes the conversation's preview and moves it to the top; a changed one replaces
 * the preview when it is the preview. A conversation the list does not have yet (a first
 * message) makes the list fetch again.
 */
export function putMessage(queryClient: QueryClient, message: ChatMessage): void {
  change<ChatThreadData>(queryClient, chatKeys.thread(message.thread_name), (data) =>
    withMessage(data, message),
  );

  const listed = Boolean(
    queryClient
      .getQueryData<ChatListData>(chatKeys.list)
      ?.pages.some((page) => page.threads.some((t) => t.thread_name === message.thread_name)),
  );
  change<ChatListData>(queryClient, chatKeys.list, (data) => {
    const item = data.pages
      .flatMap((page) => page.threads)
      .find((thread) => thread.thread_name === message.thread_name);
    if (!item) return data;
    const previewId = item.last_message?.id ?? null;
    if (previewId === message.id && item.last_message) {
      const updated = { ...item, last_message: fresher(item.last_message, message) };
      return mapThreads(data, (thread) =>
        thread.thread_name === item.thread_name ? updated : thread,
      );
    }
    if (!isNewer(message.id, previewId)) return data;
    const moved: ChatThread = {
      ...item,
      last_message: message,
      last_activity_at:
        message.created_at > item.last_activity_at ? message.created_at : item.last_activity_at,
    };
    return {
      ...data,
      pages: data.pages.map((page, index) => {
        const others = page.threads.filter((thread) => thread.thread_name !== item.thread_name);
        return { ...page, threads: index === 0 ? [moved, ...others] : others };
      }),
    };
  });
  if (!listed && queryClient.getQueryData(chatKeys.list)) {
    void queryClient.invalidateQueries({ queryKey: chatKeys.list });
  }
}

function mapThreads(data: ChatListData, change: (thread: ChatThread) => ChatThread): ChatListData {
  return {
    ...data,
    pages: data.pages.map((page) => ({ ...page, threads: page.threads.map(change) })),
  };
}

/** Changes one conversation's details (counts, read pointers, partner) in the list and pane. */
export function updateThread(
  queryClient: QueryClient,
  threadName: string,
  update: (thread: ChatThread) => ChatThread,
): void {
  change<ChatListData>(queryClient, chatKeys.list, (data) =>
    mapThreads(data, (thread) => (thread.thread_name === threadName ? update(thread) : thread)),
  );
  change<ChatThreadData>(queryClient, chatKeys.thread(threadName), (data) => ({
    ...data,
    pages: data.pages.map((page) => ({ ...page, thread: update(page.thread) })),
  }));
}

/** The caller's counts as the server sent them: this conversation's and the total. */
export function setCounts(
  queryClient: QueryClient,
  threadName: string,
  counts: { unread_count: number; unread_total: number },
): void {
  updateThread(queryClient, threadName, (thread) => ({
    ...thread,
    unread_count: counts.unread_count,
  }));
  setChatUnreadTotal(queryClient, counts.unread_total);
}

/** A member read up to a message: the caller's own pointer (another tab) or the partner's. */
export function putReadPointer(
  queryClient: QueryClient,
  read: { thread_name: string; user_id: string; message_id: string },
  myId: string | null,
): void {
  updateThread(queryClient, read.thread_name, (thread) => {
    if (read.user_id === myId) {
      return isNewer(read.message_id, thread.my_last_read_message_id)
        ? { ...thread, my_last_read_message_id: read.message_id }
        : thread;
    }
    return isNewer(read.message_id, thread.partner_last_read_message_id)
      ? { ...thread, partner_last_read_message_id: read.message_id }
      : thread;
  });
}

/** A partner came online or went away: every conversation with them shows it. */
export function putPresence(
  queryClient: QueryClient,
  presence: { user_id: string; online: boolean; last_seen: string | null },
): void {
  const update = (partner: ChatPartner): ChatPartner =>
    partner.id === presence.user_id
      ? { ...partner, online: presence.online, last_seen: presence.last_seen ?? partner.last_seen }
      : partner;
  change<ChatListData>(queryClient, chatKeys.list, (data) =>
    mapThreads(data, (thread) => ({ ...thread, partner: update(thread.partner) })),
  );
  for (const [key] of queryClient.getQueriesData<ChatThreadData>({ queryKey: chatKeys.threads })) {
    change<ChatThreadData>(queryClient, key, (data) => ({
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        thread: { ...page.thread, partner: update(page.thread.partner) },
      })),
    }));
  }
}
