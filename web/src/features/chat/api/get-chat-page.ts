import type { InfiniteData } from '@tanstack/react-query';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ChatPageResponse } from '@touchline/shared';
import { chatPageResponseSchema } from '@touchline/shared';
import { chatKeys } from '@/api/chat';
import { api } from '@/lib/api-client';

export type ChatThreadData = InfiniteData<ChatPageResponse, string | undefined>;

/**
 * `GET /api/chat?threadName=&before=`: a page of 50 messages newest first, strictly older than
 * `before` (the oldest message id held: keyset paging), with the conversation itself.
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
    getNextPageParam: (last) => (last.has_more ? last.messages.at(-1)?.id : undefined),
    staleTime: Infinity,
  });

export function useChatThread(threadName: string) {
  return useInfiniteQuery(chatThreadQueryOptions(threadName));
}
