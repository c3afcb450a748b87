import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PostView } from '@touchline/shared';
import { likeResponseSchema } from '@touchline/shared';
import { api } from '@/lib/api-client';
import { updatePostEverywhere } from './post-cache';

/** `POST /api/like/{id}` → `{status: 'liked' | 'unliked'}` (a toggle). */
export function likePost(postId: string) {
  return api.post(`like/${postId}`, undefined, likeResponseSchema);
}

type LikeState = { liked: boolean; count: number };

const withLike = (post: PostView, liked: boolean, count: number): PostView => ({
  ...post,
  is_liked_by_current_user: liked,
  likes_count: Math.max(0, count),
});

/**
 * Spec §4: the like toggles at once; the answer 'liked' adds 1 to the count before the press and
 * any other answer takes 1 away; a failure puts the toggle back and is only logged (spec §8).
 */
export function useLikePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (post: PostView) => likePost(post.id),
    onMutate: (post): LikeState => {
      const before = { liked: post.is_liked_by_current_user, count: post.likes_count };
      updatePostEverywhere(queryClient, post.id, (current) =>
        withLike(current, !before.liked, before.count + (before.liked ? -1 : 1)),
      );
      return before;
    },
    onSuccess: ({ status }, post, before) => {
      const liked = status === 'liked';
      updatePostEverywhere(queryClient, post.id, (current) =>
        withLike(current, liked, before.count + (liked ? 1 : -1)),
      );
    },
    onError: (error, post, before) => {
      console.error('Could not like the post', error);
      if (before) {
        updatePostEverywhere(queryClient, post.id, (current) =>
          withLike(current, before.liked, before.count),
        );
      }
    },
  });
}
