import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { HomeResponse, PostView, UserPostsResponse } from '@touchline/shared';
import { feedKeys } from './feed-keys';

type PostPage = HomeResponse | UserPostsResponse;

/** What a post becomes; `null` takes it out of the lists. */
export type PostUpdate = (post: PostView) => PostView | null;

function isPostPages(data: unknown): data is InfiniteData<PostPage> {
  return (
    typeof data === 'object' &&
    data !== null &&
    Array.isArray((data as InfiniteData<unknown>).pages) &&
    (data as InfiniteData<PostPage>).pages.every((page) => Array.isArray(page?.posts))
  );
}

function isPost(data: unknown): data is PostView {
  return (
    typeof data === 'object' &&
    data !== null &&
    typeof (data as PostView).id === 'string' &&
    Array.isArray((data as PostView).comments)
  );
}

/**
 * Applies one change to a post wherever the cache holds it — the home feed, every user's posts
 * and the post's own page — so a like, a comment or a deletion shows on every screen at once. A
 * post the update removes stays on its own page (that screen handles the deletion itself).
 */
export function updatePostEverywhere(queryClient: QueryClient, postId: string, update: PostUpdate) {
  queryClient.setQueriesData({ queryKey: feedKeys.all }, (data: unknown) => {
    if (isPostPages(data)) {
      let changed = false;
      const pages = data.pages.map((page) => {
        if (!page.posts.some((post) => post.id === postId)) return page;
        changed = true;
        const posts = page.posts.flatMap((post) => {
          if (post.id !== postId) return [post];
          const next = update(post);
          return next ? [next] : [];
        });
        return { ...page, posts };
      });
      return changed ? { ...data, pages } : data;
    }
    if (isPost(data) && data.id === postId) return update(data) ?? data;
    return data;
  });
}

/** The post as the cache holds it now (any list or its own page), or undefined. */
export function cachedPost(queryClient: QueryClient, postId: string): PostView | undefined {
  for (const [, data] of queryClient.getQueriesData({ queryKey: feedKeys.all })) {
    if (isPost(data) && data.id === postId) return data;
    if (isPostPages(data)) {
      for (const page of data.pages) {
        const found = page.posts.find((post) => post.id === postId);
        if (found) return found;
      }
    }
  }
  return undefined;
}

/** After a post was added or changed: every list is read again (page 1 re-anchors the feed). */
export async function refreshPostLists(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: feedKeys.home }),
    queryClient.invalidateQueries({ queryKey: feedKeys.userPostsAll }),
  ]);
}
