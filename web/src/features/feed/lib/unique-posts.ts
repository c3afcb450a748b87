import type { PostView } from '@touchline/shared';

/** The pages' posts in order, each id once (a post can move between pages while people post). */
export function uniquePosts(pages: readonly { posts: readonly PostView[] }[]): PostView[] {
  const seen = new Set<string>();
  const out: PostView[] = [];
  for (const page of pages) {
    for (const post of page.posts) {
      if (seen.has(post.id)) continue;
      seen.add(post.id);
      out.push(post);
    }
  }
  return out;
}

/** Each post's index within the page it came from (for the entrance delay, spec §9). */
export function indexInPage(pages: readonly { posts: readonly PostView[] }[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const page of pages) {
    page.posts.forEach((post, index) => {
      if (!out.has(post.id)) out.set(post.id, index);
    });
  }
  return out;
}
