import { messageSchema } from '@touchline/shared';
import type { InfiniteData } from '@tanstack/react-query';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HomeResponse } from '@touchline/shared';
import { api } from '@/lib/api-client';
import { feedKeys } from './feed-keys';
import { updatePostEverywhere } from './post-cache';

/** `DELETE /api/post/{id}` → `{message: 'post deleted successfully'}`. */
export function deletePost(postId: string) {
  return api.delete(`post/${postId}`, messageSchema);
}

/** On success the post leaves every cached list, and the summary card counts one post fewer. */
export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePost,
    onSuccess: (_answer, postId) => {
      updatePostEverywhere(queryClient, postId, () => null);
      queryClient.setQueryData<InfiniteData<HomeResponse>>(feedKeys.home, (data) => {
        const first = data?.pages[0];
        if (!data || !first) return data;
        const user = { ...first.user, post_count: Math.max(0, first.user.post_count - 1) };
        return { ...data, pages: [{ ...first, user }, ...data.pages.slice(1)] };
      });
      queryClient.removeQueries({ queryKey: feedKeys.post(postId) });
    },
    onError: (error) => console.error('Could not delete the post', error),
  });
}
