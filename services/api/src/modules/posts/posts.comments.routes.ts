import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addCommentSchema,
  commentPageQuerySchema,
  commentPageSchema,
  commentSchema,
  errorBodySchema,
  messageSchema,
  POST_MESSAGES,
} from '@touchline/shared';
import { parseOrThrow, readForm } from '../../lib/form';
import type { CommentsService } from './posts.comments.service';
import { postsErrors } from './posts.errors';
import { perUserRateLimit } from '../../lib/user-rate-limit';
import { postIdParams } from './posts.http';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};
const security = [{ bearer: [] }];
const tags = ['posts'];

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/**
 * `POST /api/add_comment/{postId}`, `GET /api/comments/{postId}` and `DELETE /api/comment/{id}`. Any signed-in role may
 * comment (administrators too); the service applies who may comment on a minor's post and who
 * may delete.
 */
export function commentsRoutes(deps: { comments: CommentsService }): FastifyPluginAsyncZod {
  const { comments } = deps;
  return async (app) => {
    app.post(
      '/add_comment/:id',
      {
        // A child acts towards others only with a guardian's consent (supplement §14).
        onRequest: app.requireConsent,
        preHandler: perUserRateLimit(app, 'comments'),
        schema: {
          tags,
          summary: 'Comment on a post, or reply to a comment (`parent`), JSON or form',
          security,
          params: postIdParams,
          consumes: ['application/json', 'multipart/form-data'],
          body: z
            .object({ content: z.string().optional(), parent: z.string().nullable().optional() })
            .optional(),
          response: { 201: commentSchema, ...errors, 429: errorBodySchema },
        },
      },
      async (request, reply) => {
        const { fields } = await readForm(request, 0);
        const rawParent = first(fields.parent)?.trim();
        const parent = rawParent && rawParent !== 'null' ? rawParent : null;
        const content = first(fields.content) ?? '';
        // The specification's two texts: a blank comment, or a blank reply.
        if (!content.trim()) throw postsErrors.commentEmpty(parent !== null);
        const input = parseOrThrow(addCommentSchema, { content, parent });
        const comment = await comments.add(request.auth, request.params.id, {
          content: input.content,
          parent: input.parent ?? null,
        });
        return reply.status(201).send(comment);
      },
    );

    app.get(
      '/comments/:id',
      {
        schema: {
          tags,
          summary:
            'The rest of a post’s comments after the ones it carried (`after`: its `comments_next`, then each page’s `next`), in thread order',
          security,
          params: postIdParams,
          querystring: commentPageQuerySchema,
          response: { 200: commentPageSchema, ...errors },
        },
      },
      async (request) =>
        comments.page(request.auth, request.params.id, {
          after: request.query.after ?? null,
          limit: request.query.limit,
        }),
    );

    app.delete(
      '/comment/:id',
      {
        schema: {
          tags,
          summary: 'Delete a comment and its replies (its author or the post’s owner)',
          security,
          params: postIdParams,
          response: { 200: messageSchema, ...errors },
        },
      },
      async (request) => {
        await comments.remove(request.auth, request.params.id);
        return { message: POST_MESSAGES.commentDeleted };
      },
    );
  };
}
