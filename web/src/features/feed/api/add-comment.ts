import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CommentView } from '@touchline/shared';
import { commentSchema } from '@touchline/shared';
import { api } from '@/lib/api-client';
import { addToTree } from '../lib/comment-tree';
import { updatePostEverywhere } from './post-cache';

export type NewComment = { postId: string; content: string; parent: string | null };

/** `POST /api/add_comment/{postId} {content, parent}` → 201 the comment. */
export function addComment({ postId, content, parent }: NewComment): Promise<CommentView> {
  return api.post(`add_comment/${postId}`, { content, parent }, commentSchema);
}

/**
 * The new comment goes into the post's tree wherever the post is cached (spec §4: a top-level
 * comment is appended, a reply lands under its parent); a top-level one counts on the post.
 */
export function useAddComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addComment,
    onSuccess: (comment, { postId }) => {
      updatePostEverywhere(queryClient, postId, (post) => ({
        ...post,
        comments: addToTree(post.comments, comment),
        comments_count: post.comments_count + (comment.parent === null ? 1 : 0),
      }));
    },
  });
}
