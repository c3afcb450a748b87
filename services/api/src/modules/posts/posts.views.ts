import type { MediaRef } from '@touchline/db/media';
import type { CommentJson, PostViewRow } from '@touchline/db/posts';
import type { StorageDriver } from '@touchline/drivers';
import { DEFAULT_AVATAR_URL, LIMITS, type CommentView, type PostView } from '@touchline/shared';

type Author = { username: string; role: string; photo: MediaRef | null };

/**
 * Shapes hydrated rows into the contract's posts and comments. URLs are made here from the
 * storage driver: avatars prefer the small `thumb` variant, post images the `display` one.
 */
export function createPostViews(storage: Pick<StorageDriver, 'publicUrl'>) {
  const urlOf = (ref: MediaRef | null, prefer: 'thumb' | 'display') =>
    ref && ref.visibility === 'public'
      ? storage.publicUrl(ref.variants[prefer] ?? ref.variants.display ?? ref.key)
      : null;
  // Only the stored poster: never the fallback to the video's own key.
  const posterOf = (ref: MediaRef | null) =>
    ref?.visibility === 'public' && ref.variants.poster
      ? storage.publicUrl(ref.variants.poster)
      : null;
  const avatar = (author: Author) => urlOf(author.photo, 'thumb') ?? DEFAULT_AVATAR_URL;

  function comment(
    row: Pick<CommentJson, 'id' | 'author_id' | 'content' | 'depth'> & {
      parent_id: string | null;
      created_at: string | Date;
    },
    author: Author,
  ): CommentView {
    return {
      id: row.id,
      user: author.username,
      user_id: row.author_id,
      content: row.content,
      profile_photo: avatar(author),
      is_academy: author.role === 'academy',
      parent: row.parent_id,
      replies: [],
      created_at: new Date(row.created_at).toISOString(),
      depth: row.depth,
    };
  }

  /**
   * Comments in thread order (`commentThreadSql`) nested as the contract's tree: replies under
   * their parent, oldest first at every level. A comment whose parent is not among the rows (the
   * rest of a thread an earlier page cut) is a root of the list; the client puts it under its
   * parent. The SQL already left out hidden authors with their replies.
   */
  function commentTree(rows: readonly CommentJson[]): CommentView[] {
    const ids = new Set(rows.map((row) => row.id));
    const byParent = new Map<string | null, CommentJson[]>();
    for (const row of rows) {
      const key = row.parent_id !== null && ids.has(row.parent_id) ? row.parent_id : null;
      const siblings = byParent.get(key) ?? [];
      siblings.push(row);
      byParent.set(key, siblings);
    }
    const build = (parentId: string | null): CommentView[] =>
      (byParent.get(parentId) ?? []).map((row) => ({
        ...comment(row, row),
        replies: build(row.id),
      }));
    return build(null);
  }

  /**
   * One page of comments from rows read one past `limit`: the first `limit` as a tree, and the
   * last one's key as the cursor when more exist.
   */
  function commentPage(rows: readonly CommentJson[], limit: number) {
    const page = rows.slice(0, limit);
    return {
      comments: commentTree(page),
      has_more: rows.length > limit,
      next: rows.length > limit ? page[page.length - 1]!.key : null,
    };
  }

  function post(row: PostViewRow, viewerId: string): PostView {
    const carried = commentPage(row.comments, LIMITS.commentsPerPage);
    return {
      id: row.id,
      user_id: row.authorId,
      user: row.username,
      username: row.username,
      bio: row.bio,
      profile_photo: avatar(row),
      created_at: row.createdAt.toISOString(),
      content: row.content,
      image: row.mediaKind === 'image' ? urlOf(row.media, 'display') : null,
      video: row.mediaKind === 'video' ? urlOf(row.media, 'display') : null,
      video_poster: row.mediaKind === 'video' ? posterOf(row.media) : null,
      likes_count: row.likesCount,
      is_liked_by_current_user: row.isLiked,
      is_own_post: row.authorId === viewerId,
      is_academy: row.role === 'academy',
      comments: carried.comments,
      comments_count: row.commentsCount,
      comments_next: carried.next,
      edited: row.edited,
      can_comment: row.canComment,
    };
  }

  return { post, comment, commentPage, avatar, urlOf };
}

export type PostViews = ReturnType<typeof createPostViews>;
