import { readFile } from 'node:fs/promises';
import type { Database, Executor } from '@touchline/db';
import { deleteOwnedMediaObjects } from '@touchline/db/media';
import { appendEvent } from '@touchline/db/outbox';
import {
  deleteOwnPost,
  fanOutPostBatch,
  findPostView,
  findVisiblePost,
  insertPost,
  listAuthorPostViews,
  toggleLike,
  updatePostContent,
  type PostCursor,
} from '@touchline/db/posts';
import { isBlockedEitherWay, isInMinorCircle } from '@touchline/db/social';
import { findUserById } from '@touchline/db/users';
import type { StorageDriver } from '@touchline/drivers';
import {
  FEED,
  isMinorOn,
  parseKeysetCursor,
  todayInLagos,
  type PostView,
  type UserPostsResponse,
} from '@touchline/shared';
import { deleteStoredFiles, storeProcessedImage } from '../media/media.uploads';
import { storeVideo } from '../media/media.video';
import { postsErrors } from './posts.errors';
import type { Viewer } from '../../lib/auth-context';
import { POST_IMAGE_VARIANTS, USER_POSTS_PAGE, postViewerOf } from './posts.rules';
import type { PostViews } from './posts.views';

/** A media file of a new post, already streamed to a temporary file by the route. */
export type NewPostMedia = { kind: 'image' | 'video'; path: string; size: number };

export type PostsServiceDeps = {
  db: Database;
  clock: () => Date;
  storage: StorageDriver;
  views: PostViews;
  /** A file that could not be deleted (an orphan file, never a broken link). */
  onStorageError?: (err: unknown) => void;
  /** Forgets remembered posts on every instance (decision 70); after the commit. */
  forgetPosts?: (postIds: string[]) => Promise<void>;
};

/** The shared keyset cursor (the route validated it already; this keeps the service safe alone). */
function parseCursor(before: string | undefined): PostCursor | undefined {
  if (!before) return undefined;
  const position = parseKeysetCursor(before);
  if (!position) throw postsErrors.badCursor();
  return position;
}

/**
 * Posts (supplement §4): create with one image or video, read, edit the text, delete, a user's
 * posts, and likes. Only the author changes a post; a post gone for the viewer answers 404.
 * Files are stored before the database transaction and discarded when it fails; the post and its
 * `post.created` event commit together.
 */
export function createPostsService(deps: PostsServiceDeps) {
  const { db, clock, storage, views } = deps;
  const onStorageError = deps.onStorageError ?? (() => undefined);
  const forgetPosts = deps.forgetPosts ?? (async () => undefined);
  const scope = (viewer: Viewer) => postViewerOf(viewer, clock());

  async function view(viewer: Viewer, postId: string): Promise<PostView> {
    const row = await findPostView(db, scope(viewer), postId);
    if (!row) throw postsErrors.notFound();
    return views.post(row, viewer.userId);
  }

  async function storeMedia(ownerId: string, media: NewPostMedia) {
    if (media.kind === 'image') {
      const buffer = await readFile(media.path);
      return storeProcessedImage({ db, storage, ownerId, buffer, variants: POST_IMAGE_VARIANTS });
    }
    // The poster frame is shown at the size post images are.
    return storeVideo({
      db,
      storage,
      ownerId,
      filePath: media.path,
      poster: POST_IMAGE_VARIANTS.display,
    });
  }

  /** Locks the viewer's own post for a change: 404 when gone, 403 when someone else's. */
  async function lockOwnPost(tx: Executor, viewer: Viewer, postId: string) {
    const post = await findVisiblePost(tx, {
      postId,
      viewerId: viewer.userId,
      adultCutoff: scope(viewer).adultCutoff,
      lock: 'update',
    });
    if (!post) throw postsErrors.notFound();
    if (post.authorId !== viewer.userId) throw postsErrors.notOwner();
    return post;
  }

  return {
    view,

    /** `content` is already bounded by the route; blank text needs a media file. */
    async create(viewer: Viewer, input: { content: string; media: NewPostMedia | null }) {
      const content = input.content.trim();
      if (!content && !input.media) throw postsErrors.empty();
      const stored = input.media ? await storeMedia(viewer.userId, input.media) : null;
      let postId: string;
      try {
        postId = await db.transaction(async (tx) => {
          const { id } = await insertPost(tx, {
            authorId: viewer.userId,
            content,
            mediaId: stored?.media.id ?? null,
            mediaKind: input.media?.kind ?? null,
          });
          // The author's own timeline now, their audience's by the worker (decision 45): the
          // home page the author reads next shows the post.
          await fanOutPostBatch(tx, {
            postId: id,
            after: null,
            limit: 1,
            cap: FEED.timelineCap,
            authorOnly: true,
          });
          await appendEvent(tx, {
            type: 'post.created',
            payload: { postId: id, authorId: viewer.userId },
          });
          return id;
        });
      } catch (err) {
        await stored?.discard().catch(onStorageError);
        throw err;
      }
      return view(viewer, postId);
    },

    /** The text only (the specification offers no media change); marks the post edited. */
    async edit(viewer: Viewer, postId: string, rawContent: string) {
      const content = rawContent.trim();
      await db.transaction(async (tx) => {
        const post = await lockOwnPost(tx, viewer, postId);
        if (!content && !post.mediaId) throw postsErrors.empty();
        await updatePostContent(tx, { postId, authorId: viewer.userId, content, at: clock() });
      });
      await forgetPosts([postId]);
      return view(viewer, postId);
    },

    /** Deletes the post with its likes and comments, then its files after the commit. */
    async remove(viewer: Viewer, postId: string) {
      const media = await db.transaction(async (tx) => {
        const post = await lockOwnPost(tx, viewer, postId);
        await deleteOwnPost(tx, postId, viewer.userId);
        return deleteOwnedMediaObjects(tx, viewer.userId, [post.mediaId]);
      });
      await forgetPosts([postId]);
      await deleteStoredFiles(storage, media, onStorageError);
    },

    /** A user's posts, newest first, keyset-paged by `before` (the previous page's `next`). */
    async userPosts(
      viewer: Viewer,
      authorId: string,
      before: string | undefined,
    ): Promise<UserPostsResponse> {
      const cursor = parseCursor(before);
      if (authorId !== viewer.userId) {
        const author = await findUserById(db, authorId);
        if (!author || !author.reachable || author.role === 'admin' || author.role === 'guardian')
          throw postsErrors.userNotFound();
        if (await isBlockedEitherWay(db, viewer.userId, authorId)) throw postsErrors.userNotFound();
        // A minor's posts are for their circle (supplement §13): others see only the card.
        if (
          viewer.role !== 'admin' &&
          author.role === 'player' &&
          isMinorOn(author.dob, todayInLagos(clock())) &&
          !(await isInMinorCircle(db, authorId, viewer.userId))
        )
          throw postsErrors.userNotFound();
      }
      const rows = await listAuthorPostViews(db, scope(viewer), {
        authorId,
        before: cursor,
        limit: USER_POSTS_PAGE + 1,
      });
      const page = rows.slice(0, USER_POSTS_PAGE);
      return {
        posts: page.map((row) => views.post(row, viewer.userId)),
        has_more: rows.length > USER_POSTS_PAGE,
        next: rows.length > USER_POSTS_PAGE ? page[page.length - 1]!.cursor : null,
      };
    },

    /** Toggles the viewer's like; `post.liked` is announced on a like, never on an unlike. */
    async like(viewer: Viewer, postId: string) {
      return db.transaction(async (tx) => {
        const post = await findVisiblePost(tx, {
          postId,
          viewerId: viewer.userId,
          adultCutoff: scope(viewer).adultCutoff,
          lock: 'key share',
        });
        if (!post) throw postsErrors.notFound();
        const liked = await toggleLike(tx, postId, viewer.userId);
        if (liked) {
          await appendEvent(tx, {
            type: 'post.liked',
            payload: { postId, likerId: viewer.userId },
          });
        }
        return { status: liked ? ('liked' as const) : ('unliked' as const) };
      });
    },
  };
}

export type PostsService = ReturnType<typeof createPostsService>;
