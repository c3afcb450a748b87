import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PostView } from '@touchline/shared';
import { postSchema } from '@touchline/shared';
import { api } from '@/lib/api-client';
import { feedKeys } from './feed-keys';

/** `GET /api/post/{id}`: the post with its whole comment tree; 404 once it is gone. */
export function getPost(postId: string, signal?: AbortSignal): Promise<PostView> {
  return api.get(`post/${postId}`, postSchema, { signal });
}

export const postQueryOptions = (postId: string) =>
  queryOptions({
    queryKey: feedKeys.post(postId),
    queryFn: ({ signal }) => getPost(postId, signal),
  });

export function usePost(postId: string) {
  return useQuery(postQueryOptions(postId));
}
