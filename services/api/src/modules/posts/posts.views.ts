import type { CommentJson, MediaRef, PostViewRow } from '@touchline/db';
import type { StorageDriver } from '@touchline/drivers';
import { DEFAULT_AVATAR_URL, type CommentView, type PostView } from '@touchline/shared';

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
   * The comment tree: replies under their parent at any depth, oldest first at every level (the
   * rows arrive oldest first). A comment whose parent is missing (its author is blocked or
   * inactive for the viewer) is dropped with everything below it.
   */
  function commentTree(rows: CommentJson[]): CommentView[] {
    const byParent = new Map<string | null, CommentJson[]>();
    for (const row of rows) {
      const siblings = byParent.get(row.parent_id) ?? [];
      siblings.push(row);
      byParent.set(row.parent_id, siblings);
    }
    const build = (parentId: string | null): CommentView[] =>
      (byParent.get(parentId) ?? []).map((row) => ({
        ...comment(row, row),
        replies: build(row.id),
      }));
    return build(null);
  }

  function post(row: PostViewRow, viewerId: string): PostView {
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
      likes_count: row.likesCount,
      is_liked_by_current_user: row.isLiked,
      is_own_post: row.authorId === viewerId,
      is_academy: row.role === 'academy',
      comments: commentTree(row.comments),
      comments_count: row.commentsCount,
      edited: row.edited,
      can_comment: row.canComment,
    };
  }

  return { post, comment, avatar, urlOf };
}

export type PostViews = ReturnType<typeof createPostViews>;
