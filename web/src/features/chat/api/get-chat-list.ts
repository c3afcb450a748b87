import type { InfiniteData } from '@tanstack/react-query';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ChatListResponse } from '@touchline/shared';
import { chatListResponseSchema } from '@touchline/shared';
import { chatKeys } from '@/api/chat';
import { api } from '@/lib/api-client';

export type ChatListData = InfiniteData<ChatListResponse, string | undefined>;

/** `GET /api/chat_list?before=`: the caller's conversations, latest activity first. */
export function getChatList(before: string | undefined, signal?: AbortSignal) {
  return api.get('chat_list', chatListResponseSchema, { signal, query: { before } });
}

/**
 * Kept live by the socket (new messages move a conversation up, counts and presence change in
 * place) and fetched again after every reconnect, so it is never stale on its own.
 */
export const chatListQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: chatKeys.list,
    queryFn: ({ pageParam, signal }) => getChatList(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.has_more && last.next ? last.next : undefined),
    staleTime: Infinity,
  });

export function useChatList() {
  return useInfiniteQuery(chatListQueryOptions());
}
