import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  blockedQuerySchema,
  blockedUsersSchema,
  errorBodySchema,
  friendRequestResponseSchema,
  friendSuggestionsSchema,
  listQuerySchema,
  messageSchema,
  parseKeysetCursor,
  peoplePageSchema,
  relationshipSchema,
} from '@touchline/shared';
import type { MediaService } from '../media/media.service';
import type { PersonRow, SocialService } from './social.service';

const uuid = z.string().uuid();
const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
const secured = { security: [{ bearer: [] }] };

/**
 * Friends, follows and blocks (supplement §3 and §12 names). Every route acts as the signed-in
 * user; nobody lists another user's requests, follows or blocks.
 */
export function socialRoutes(deps: {
  social: SocialService;
  media: Pick<MediaService, 'publicUrls'>;
}): FastifyPluginAsyncZod {
  const { social, media } = deps;

  /** A page of people read as `limit + 1` rows (the extra one says whether more exist). */
  async function page(rows: PersonRow[], limit: number) {
    const shown = rows.slice(0, limit);
    const urls = await media.publicUrls(shown.map((r) => r.photoMediaId));
    return {
      results: shown.map((r) => ({
        id: r.id,
        username: r.username,
        role: r.role,
        photo_url: r.photoMediaId ? (urls.get(r.photoMediaId) ?? null) : null,
        state: r.state,
        district: r.district,
        sports: r.sports,
        since: r.since.toISOString(),
      })),
      has_more: rows.length > limit,
      next: rows.length > limit ? shown[shown.length - 1]!.cursor : null,
    };
  }
  const before = (q: { before?: string }) =>
    q.before ? (parseKeysetCursor(q.before) ?? undefined) : undefined;

  return async (app) => {
    const tags = ['social'];

    app.post(
      '/friend_request',
      {
        // A child acts towards others only with a guardian's consent (supplement §14).
        onRequest: app.requireConsent,
        schema: {
          tags,
          summary: 'Send a friend request (accepts theirs if they already asked)',
          ...secured,
          body: z.object({ to_user: uuid }),
          response: { 201: friendRequestResponseSchema, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await social.sendRequest(request.auth.userId, request.body.to_user)),
    );
    app.get(
      '/friend_request',
      {
        schema: {
          tags,
          summary: 'Friend requests received',
          ...secured,
          querystring: listQuerySchema,
          response: { 200: peoplePageSchema, ...errors },
        },
      },
      async (request) =>
        page(
          await social.received(
            request.auth.userId,
            request.query.limit + 1,
            before(request.query),
          ),
          request.query.limit,
        ),
    );
    app.get(
      '/sent_request_list',
      {
        schema: {
          tags,
          summary: 'Friend requests sent',
          ...secured,
          querystring: listQuerySchema,
          response: { 200: peoplePageSchema, ...errors },
        },
      },
      async (request) =>
        page(
          await social.sent(request.auth.userId, request.query.limit + 1, before(request.query)),
          request.query.limit,
        ),
    );
    app.post(
      '/friend_request_accept/:fromUserId',
      {
        // A child acts towards others only with a guardian's consent (supplement §14).
        onRequest: app.requireConsent,
        schema: {
          tags,
          summary: 'Accept a friend request',
          ...secured,
          params: z.object({ fromUserId: uuid }),
          response: { 200: messageSchema, ...errors },
        },
      },
      async (request) => {
        await social.acceptRequest(request.auth.userId, request.params.fromUserId);
        return { message: 'Friend request accepted' };
      },
    );
    app.post(
      '/friend_request_decline/:fromUserId',
      {
        schema: {
          tags,
          summary: 'Decline a friend request',
          ...secured,
          params: z.object({ fromUserId: uuid }),
          response: { 200: messageSchema, ...errors },
        },
      },
      async (request) => {
        await social.declineRequest(request.auth.userId, request.params.fromUserId);
        return { message: 'Friend request declined' };
      },
    );
    app.post(
      '/cancel_request/:toUserId',
      {
        schema: {
          tags,
          summary: 'Cancel a friend request you sent',
          ...secured,
          params: z.object({ toUserId: uuid }),
          response: { 200: messageSchema, ...errors },
        },
      },
      async (request) => {
        await social.cancelRequest(request.auth.userId, request.params.toUserId);
        return { message: 'Friend request cancelled' };
      },
    );
    app.get(
      '/friends',
      {
        schema: {
          tags,
          summary: 'Friends of a player (yours by default); hidden when either blocked the other',
          ...secured,
          querystring: listQuerySchema.extend({ user_id: uuid.optional() }),
          response: { 200: peoplePageSchema, ...errors },
        },
      },
      async (request) => {
        const userId = request.query.user_id ?? request.auth.userId;
        await social.requireFriendsVisible(request.auth, userId);
        return page(
          await social.friends(
            request.auth.userId,
            userId,
            request.query.limit + 1,
            before(request.query),
          ),
          request.query.limit,
        );
      },
    );
    app.delete(
      '/friends/:id',
      {
        schema: {
          tags,
          summary: 'Unfriend',
          ...secured,
          params: z.object({ id: uuid }),
          response: { 200: messageSchema, ...errors },
        },
      },
      async (request) => {
        await social.unfriend(request.auth.userId, request.params.id);
        return { message: 'Friend removed' };
      },
    );
    app.get(
      '/follow',
      {
        schema: {
          tags,
          summary: 'Academies you follow',
          ...secured,
          querystring: listQuerySchema,
          response: { 200: peoplePageSchema, ...errors },
        },
      },
      async (request) =>
        page(
          await social.following(
            request.auth.userId,
            request.query.limit + 1,
            before(request.query),
          ),
          request.query.limit,
        ),
    );
    app.post(
      '/follow',
      {
        // A child acts towards others only with a guardian's consent (supplement §14).
        onRequest: app.requireConsent,
        schema: {
          tags,
          summary: 'Follow an academy',
          ...secured,
          body: z.object({ academy: uuid }),
          response: { 200: messageSchema, ...errors },
        },
      },
      async (request) => {
        await social.follow(request.auth.userId, request.body.academy);
        return { message: 'Following' };
      },
    );
    app.post(
      '/unfollow',
      {
        schema: {
          tags,
          summary: 'Unfollow an academy',
          ...secured,
          body: z.object({ academy: uuid }),
          response: { 200: messageSchema, ...errors },
        },
      },
      async (request) => {
        await social.unfollow(request.auth.userId, request.body.academy);
        return { message: 'Unfollowed' };
      },
    );
    app.get(
      '/friend_suggestion',
      {
        schema: {
          tags,
          summary: 'Up to 7 players you may know',
          ...secured,
          response: { 200: friendSuggestionsSchema, ...errors },
        },
      },
      async (request) => ({
        results: (await page(await social.suggestions(request.auth.userId), Infinity)).results,
      }),
    );
    app.get(
      '/relationship/:id',
      {
        schema: {
          tags,
          summary: 'Your relationship to another user (profile actions)',
          ...secured,
          params: z.object({ id: uuid }),
          response: { 200: relationshipSchema, ...errors },
        },
      },
      async (request) => social.relationship(request.auth.userId, request.params.id),
    );
    app.post(
      '/block/:id',
      {
        schema: {
          tags,
          summary: 'Block a user: ends friendship, requests and follows; hides each from the other',
          ...secured,
          params: z.object({ id: uuid }),
          response: { 200: messageSchema, ...errors },
        },
      },
      async (request) => {
        await social.block(request.auth.userId, request.params.id);
        return { message: 'User blocked' };
      },
    );
    app.delete(
      '/block/:id',
      {
        schema: {
          tags,
          summary: 'Unblock a user',
          ...secured,
          params: z.object({ id: uuid }),
          response: { 200: messageSchema, ...errors },
        },
      },
      async (request) => {
        await social.unblock(request.auth.userId, request.params.id);
        return { message: 'User unblocked' };
      },
    );
    app.get(
      '/block',
      {
        schema: {
          tags,
          summary: 'Users you blocked, newest first (`before`: the previous page’s `next`)',
          ...secured,
          querystring: blockedQuerySchema,
          response: {
            200: blockedUsersSchema,
            ...errors,
          },
        },
      },
      async (request) => {
        const { limit, before } = request.query;
        const rows = await social.listBlocked(request.auth.userId, { limit: limit + 1, before });
        const page = rows.slice(0, limit);
        return {
          results: page.map((b) => ({
            id: b.id,
            username: b.username,
            role: b.role,
            since: b.createdAt.toISOString(),
          })),
          has_more: rows.length > limit,
          next: rows.length > limit ? page[page.length - 1]!.cursor : null,
        };
      },
    );
  };
}
