import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { UserPostsResponse } from '@touchline/shared';
import { userPostsResponseSchema } from '@touchline/shared';
import { api } from '@/lib/api-client';
import { feedKeys } from './feed-keys';

/** `GET /api/user_posts/{userId}` (or the caller's own without an id), `?before=` the cursor. */
export function getUserPosts(
  userId: string | null,
  before: string | undefined,
  signal?: AbortSignal,
): Promise<UserPostsResponse> {
  return api.get(userId ? `user_posts/${userId}` : 'user_posts', userPostsResponseSchema, {
    query: { before },
    signal,
  });
}

export const userPostsQueryOptions = (userId: string | null) =>
  infiniteQueryOptions({
    queryKey: feedKeys.userPosts(userId),
    queryFn: ({ pageParam, signal }) => getUserPosts(userId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
  });

export function useUserPosts(userId: string | null) {
  return useInfiniteQuery(userPostsQueryOptions(userId));
}
