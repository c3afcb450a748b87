import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CHAT_LIMITS,
  chatEditBodySchema,
  chatListQuerySchema,
  chatListResponseSchema,
  chatMessageIdSchema,
  chatMessageSchema,
  chatOpenBodySchema,
  chatOpenResponseSchema,
  chatPageQuerySchema,
  chatPageResponseSchema,
  chatReadBodySchema,
  chatReadResponseSchema,
  chatSendBodySchema,
  chatUnreadResponseSchema,
  errorBodySchema,
  LIMITS,
} from '@touchline/shared';
import { parseOrThrow, readForm } from '../../lib/form';
import { perUserRateLimit } from '../../lib/user-rate-limit';
import { imageUploadErrors } from '../media/media.uploads';
import { chatErrors } from './chat.errors';
import type { ChatService } from './chat.service';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};
const security = [{ bearer: [] }];
const tags = ['chat'];
const threadParams = z.object({ threadName: z.string().max(100) });
const messageParams = z.object({ id: chatMessageIdSchema });

/**
 * The send form: JSON `{text, client_id}`, or multipart with those fields and at most one file,
 * `image` (JPEG, PNG or WebP up to 10 MB). A form sent without choosing a file carries an empty
 * part: no image.
 */
async function readSendForm(request: FastifyRequest) {
  const { fields, file } = await readForm(request, LIMITS.imageMaxBytes);
  const flat = Object.fromEntries(
    Object.entries(fields).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]),
  );
  const body = parseOrThrow(chatSendBodySchema, flat);
  if (!file || (file.buffer.length === 0 && !file.truncated)) return { ...body, image: null };
  if (file.fieldname !== 'image') throw chatErrors.imageField();
  if (file.truncated || file.buffer.length > LIMITS.imageMaxBytes)
    throw imageUploadErrors.tooLarge();
  return { ...body, image: file.buffer };
}

/**
 * Chat (supplement §7, §12 'Chat', §13): open a conversation, read its pages and the list, send
 * (JSON or multipart with a picture), edit and delete your own within 15 minutes, mark read.
 * Every route is for signed-in players, academies and administrators; anything outside the
 * caller's conversations answers 404.
 */
export function chatRoutes(deps: { chat: ChatService }): FastifyPluginAsyncZod {
  const { chat } = deps;
  return async (app) => {
    const sends = perUserRateLimit(app, 'chat-send');

    app.post(
      '/chat',
      {
        // A child acts towards others only with a guardian's consent (supplement §14).
        onRequest: app.requireConsent,
        schema: {
          tags,
          summary:
            'Open (or find) the conversation with `receiver_id`; a refusal says why (§7, §13)',
          security,
          body: chatOpenBodySchema,
          response: { 200: chatOpenResponseSchema, ...errors },
        },
      },
      async (request) => chat.open(request.auth, request.body.receiver_id),
    );

    app.get(
      '/chat',
      {
        schema: {
          tags,
          summary: `A conversation’s messages, newest first, ${CHAT_LIMITS.pageSize} a page (\`page\` = a page number, or \`before\` = the answer’s \`next\`, the oldest message id held), with the conversation itself`,
          security,
          querystring: chatPageQuerySchema,
          response: { 200: chatPageResponseSchema, ...errors },
        },
      },
      async (request) => chat.page(request.auth, request.query.threadName, request.query),
    );

    app.get(
      '/chat_list',
      {
        schema: {
          tags,
          summary: 'Your conversations, latest activity first (`before` = the answer’s `next`)',
          security,
          querystring: chatListQuerySchema,
          response: { 200: chatListResponseSchema, ...errors },
        },
      },
      async (request) => chat.list(request.auth, request.query.before),
    );

    app.get(
      '/chat_unread',
      {
        schema: {
          tags,
          summary: 'Your unread messages in all conversations (the Messages badge)',
          security,
          response: { 200: chatUnreadResponseSchema, ...errors },
        },
      },
      async (request) => ({ unread_total: await chat.unreadTotal(request.auth) }),
    );

    app.post(
      '/chat/:threadName/messages',
      {
        // A child acts towards others only with a guardian's consent (supplement §14).
        onRequest: app.requireConsent,
        preHandler: sends,
        schema: {
          tags,
          summary:
            'Send a message: JSON `{text, client_id}`, or multipart with an `image` (JPEG, PNG or WebP, ≤10 MB). The same `client_id` again answers the stored message (200)',
          security,
          params: threadParams,
          consumes: ['application/json', 'multipart/form-data'],
          response: {
            200: chatMessageSchema,
            201: chatMessageSchema,
            ...errors,
            413: errorBodySchema,
            429: errorBodySchema,
          },
        },
      },
      async (request, reply) => {
        const input = await readSendForm(request);
        const { message, replayed } = await chat.send(request.auth, request.params.threadName, {
          text: input.text,
          clientId: input.client_id ?? null,
          image: input.image,
        });
        return reply.status(replayed ? 200 : 201).send(message);
      },
    );

    app.patch(
      '/chat_message/:id',
      {
        preHandler: sends,
        schema: {
          tags,
          summary: 'Edit your message’s text (within 15 minutes of sending)',
          security,
          params: messageParams,
          body: chatEditBodySchema,
          response: { 200: chatMessageSchema, ...errors, 429: errorBodySchema },
        },
      },
      async (request) => chat.edit(request.auth, request.params.id, request.body.text),
    );

    app.delete(
      '/chat_message/:id',
      {
        schema: {
          tags,
          summary: 'Delete your message (within 15 minutes of sending): both see “message deleted”',
          security,
          params: messageParams,
          response: { 200: chatMessageSchema, ...errors },
        },
      },
      async (request) => chat.remove(request.auth, request.params.id),
    );

    app.post(
      '/chat/:threadName/read',
      {
        schema: {
          tags,
          summary:
            'Mark the conversation read up to `message_id` (read pointers only move forward)',
          security,
          params: threadParams,
          body: chatReadBodySchema,
          response: { 200: chatReadResponseSchema, ...errors },
        },
      },
      async (request) =>
        chat.markRead(request.auth, request.params.threadName, request.body.message_id),
    );
  };
}
