import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  commentSchema,
  errorBodySchema,
  likeResponseSchema,
  messageSchema,
  POST_MESSAGES,
  postContentSchema,
  postSchema,
  updatePostSchema,
  userPostsQuerySchema,
  userPostsResponseSchema,
} from '@touchline/shared';
import { parseOrThrow, readForm } from '../../lib/form';
import { commentsRoutes } from './posts.comments.routes';
import type { CommentsService } from './posts.comments.service';
import { feedRoutes } from './posts.feed.routes';
import type { FeedService } from './posts.feed.service';
import { postsErrors } from './posts.errors';
import { readPostForm } from './posts.form';
import { perUserRateLimit } from '../../lib/user-rate-limit';
import { postIdParams } from './posts.http';
import type { NewPostMedia, PostsService } from './posts.service';
import { reportsRoutes } from './posts.reports.routes';
import type { ReportsService } from './posts.reports.service';

// The comment tree is recursive: the OpenAPI document needs it as a named component.
if (!z.globalRegistry.has(commentSchema)) z.globalRegistry.add(commentSchema, { id: 'Comment' });

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };
const security = [{ bearer: [] }];
const tags = ['posts'];

/** The one media file of a post form: none, an image or a video (never two). */
function chosenMedia(files: Awaited<ReturnType<typeof readPostForm>>['files']) {
  // A form sent without choosing a file carries an empty file part: no media.
  const chosen = files.filter((f) => f.size > 0 || f.tooLarge);
  if (chosen.length > 1) throw postsErrors.oneMediaOnly();
  const file = chosen[0];
  if (!file) return null;
  if (file.fieldname !== 'image' && file.fieldname !== 'video') throw postsErrors.unknownFile();
  if (file.tooLarge)
    throw file.fieldname === 'image' ? postsErrors.imageTooLarge() : postsErrors.videoTooLarge();
  return { kind: file.fieldname, path: file.path, size: file.size } satisfies NewPostMedia;
}

/**
 * Posts, likes, comments, reports and the home feed (spec §7 paths, supplement §4). Everyone
 * signed in reads; players and academies write, and only to their own posts.
 */
export function postsRoutes(deps: {
  posts: PostsService;
  comments: CommentsService;
  reports: ReportsService;
  feed: FeedService;
  tmpDir: string;
}): FastifyPluginAsyncZod {
  const { posts, tmpDir } = deps;
  return async (app) => {
    const writers = app.requireRole('player', 'academy');

    app.post(
      '/post',
      {
        onRequest: [writers, app.requireConsent],
        preHandler: perUserRateLimit(app, 'posts'),
        schema: {
          tags,
          summary:
            'Create a post: multipart `content` and at most one file, `image` (JPEG, PNG or WebP, ≤10 MB) or `video` (MP4 or WebM, ≤100 MB)',
          security,
          consumes: ['multipart/form-data', 'application/json'],
          response: { 201: postSchema, ...errors, 413: errorBodySchema, 429: errorBodySchema },
        },
      },
      async (request, reply) => {
        const form = await readPostForm(request, tmpDir);
        try {
          const content = parseOrThrow(postContentSchema, form.fields.content ?? '');
          const media = chosenMedia(form.files);
          return reply.status(201).send(await posts.create(request.auth, { content, media }));
        } finally {
          await form.cleanup();
        }
      },
    );

    app.get(
      '/post/:id',
      {
        schema: {
          tags,
          summary: 'One post with the first comments of its thread (`comments_next` pages on)',
          security,
          params: postIdParams,
          response: { 200: postSchema, ...errors, 404: errorBodySchema },
        },
      },
      async (request) => posts.view(request.auth, request.params.id),
    );

    app.patch(
      '/post/:id',
      {
        onRequest: writers,
        schema: {
          tags,
          summary: 'Change your post’s text (JSON or form `content`); media cannot change',
          security,
          params: postIdParams,
          consumes: ['application/json', 'multipart/form-data'],
          body: z.object({ content: z.string().optional() }).optional(),
          response: { 200: postSchema, ...errors, 404: errorBodySchema },
        },
      },
      async (request) => {
        const { fields } = await readForm(request, 0);
        const flat = { content: [fields.content].flat()[0] ?? '' };
        const { content } = parseOrThrow(updatePostSchema, flat);
        return posts.edit(request.auth, request.params.id, content);
      },
    );

    app.delete(
      '/post/:id',
      {
        onRequest: writers,
        schema: {
          tags,
          summary: 'Delete your post with its likes, comments and media',
          security,
          params: postIdParams,
          response: { 200: messageSchema, ...errors, 404: errorBodySchema },
        },
      },
      async (request) => {
        await posts.remove(request.auth, request.params.id);
        return { message: POST_MESSAGES.deleted };
      },
    );

    const userPostsSchema = {
      tags,
      security,
      querystring: userPostsQuerySchema,
      response: { 200: userPostsResponseSchema, ...errors, 404: errorBodySchema },
    };
    app.get(
      '/user_posts',
      {
        schema: { ...userPostsSchema, summary: 'Your posts, newest first (`before` pages on)' },
      },
      async (request) => posts.userPosts(request.auth, request.auth.userId, request.query.before),
    );
    app.get(
      '/user_posts/:userId',
      {
        schema: {
          ...userPostsSchema,
          summary: 'A user’s posts, newest first (`before` pages on)',
          params: z.object({ userId: z.string().uuid() }),
        },
      },
      async (request) => posts.userPosts(request.auth, request.params.userId, request.query.before),
    );

    app.post(
      '/like/:id',
      {
        onRequest: [writers, app.requireConsent],
        schema: {
          tags,
          summary: 'Like or unlike a post',
          security,
          params: postIdParams,
          response: { 200: likeResponseSchema, ...errors, 404: errorBodySchema },
        },
      },
      async (request) => posts.like(request.auth, request.params.id),
    );

    await app.register(commentsRoutes(deps));
    await app.register(reportsRoutes(deps));
    await app.register(feedRoutes(deps));
  };
}

/** Where uploads wait while their type is checked: the data directory, not a small tmpfs. */
export const uploadsTmpDir = (dataDir: string) => path.join(dataDir, 'tmp', 'uploads');
