/** Every feed query starts with `['feed']`: one prefix to update or refresh them all. */
export const feedKeys = {
  all: ['feed'] as const,
  home: ['feed', 'home'] as const,
  userPostsAll: ['feed', 'user-posts'] as const,
  userPosts: (userId: string | null) => ['feed', 'user-posts', userId ?? 'me'] as const,
  post: (postId: string) => ['feed', 'post', postId] as const,
  position: ['feed', 'position'] as const,
};
