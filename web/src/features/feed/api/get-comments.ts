import { useMutation, useQueryClient } from '@tanstack/react-query';
import { commentPageSchema, type CommentPage } from '@touchline/shared';
import { api } from '@/lib/api-client';
import { mergePage } from '../lib/comment-tree';
import { updatePostEverywhere } from './post-cache';

/**
 * `GET /api/comments/{postId}?after=`: the next comments of a post's thread after the ones it
 * carried (`after` is the post's `comments_next`, then each page's `next`).
 */
export function getComments(postId: string, after: string): Promise<CommentPage> {
  return api.get(`comments/${postId}`, commentPageSchema, { query: { after } });
}

/**
 * Fetches the next page and merges it into the post wherever it is cached (replies that continue
 * a thread go under their parent); the post's `comments_next` moves on to the page's `next`.
 */
export function useMoreComments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, after }: { postId: string; after: string }) =>
      getComments(postId, after),
    onSuccess: (page, { postId, after }) => {
      updatePostEverywhere(queryClient, postId, (post) =>
        // A page answered for a cursor the post has moved past is already merged.
        post.comments_next !== after
          ? post
          : {
              ...post,
              comments: mergePage(post.comments, page.comments),
              comments_next: page.next,
            },
      );
    },
  });
}
