import { messageSchema } from '@touchline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { findInTree, removeFromTree } from '../lib/comment-tree';
import { updatePostEverywhere } from './post-cache';

/** `DELETE /api/comment/{id}` (its author or the post's owner) → `{message}`. */
export function deleteComment(commentId: string) {
  return api.delete(`comment/${commentId}`, messageSchema);
}

/** The comment leaves the tree with its replies; a top-level one no longer counts. */
export function useDeleteComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ commentId }: { postId: string; commentId: string }) => deleteComment(commentId),
    onSuccess: (_answer, { postId, commentId }) => {
      updatePostEverywhere(queryClient, postId, (post) => {
        const comment = findInTree(post.comments, commentId);
        if (!comment) return post;
        return {
          ...post,
          comments: removeFromTree(post.comments, commentId),
          comments_count: Math.max(0, post.comments_count - (comment.parent === null ? 1 : 0)),
        };
      });
    },
  });
}
