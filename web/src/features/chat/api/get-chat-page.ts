import type { InfiniteData } from '@tanstack/react-query';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ChatPageResponse } from '@touchline/shared';
import { chatPageResponseSchema } from '@touchline/shared';
import { chatKeys } from '@/api/chat';
import { api } from '@/lib/api-client';

export type ChatThreadData = InfiniteData<ChatPageResponse, string | undefined>;

/**
 * `GET /api/chat?threadName=&before=`: a page of 50 messages newest first, strictly older than
 * `before` (the previous page's `next`, its oldest message id: keyset paging, exact while
 * messages arrive, where `?page=N` would shift), with the conversation itself.
 */
export function getChatPage(threadName: string, before: string | undefined, signal?: AbortSignal) {
  return api.get('chat', chatPageResponseSchema, { signal, query: { threadName, before } });
}

/**
 * A conversation's history: page 0 is the newest; scrolling up loads the next (older) page.
 * Live events update it in place, and it is fetched again after every reconnect.
 */
export const chatThreadQueryOptions = (threadName: string) =>
  infiniteQueryOptions({
    queryKey: chatKeys.thread(threadName),
    queryFn: ({ pageParam, signal }) => getChatPage(threadName, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
    staleTime: Infinity,
  });

export function useChatThread(threadName: string) {
  return useInfiniteQuery(chatThreadQueryOptions(threadName));
}
