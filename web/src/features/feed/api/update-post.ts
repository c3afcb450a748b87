import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PostView } from '@touchline/shared';
import { postSchema } from '@touchline/shared';
import { api } from '@/lib/api-client';
import { refreshPostLists, updatePostEverywhere } from './post-cache';

/** `PATCH /api/post/{id} {content}` → the post (the text only: media never changes). */
export function updatePost(postId: string, content: string): Promise<PostView> {
  return api.patch(`post/${postId}`, { content }, postSchema);
}

export function useUpdatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, content }: { postId: string; content: string }) =>
      updatePost(postId, content),
    onSuccess: async (saved) => {
      updatePostEverywhere(queryClient, saved.id, (post) => ({
        ...post,
        content: saved.content,
        edited: saved.edited,
      }));
      await refreshPostLists(queryClient);
    },
  });
}
