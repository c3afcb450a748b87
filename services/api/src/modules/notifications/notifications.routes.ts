import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, notificationPageSchema } from '@touchline/shared';
import type { NotificationsService } from './notifications.service';

const errors = { 401: errorBodySchema, 404: errorBodySchema };
const secured = { security: [{ bearer: [] }] };
const unreadSchema = z.object({ unread_count: z.number().int().min(0) });

/** The notification centre of the signed-in user (supplement §8 and §12 names). */
export function notificationsRoutes(deps: {
  notifications: NotificationsService;
}): FastifyPluginAsyncZod {
  const { notifications } = deps;
  return async (app) => {
    app.addHook('preHandler', app.authenticate);
    const tags = ['notifications'];

    app.get(
      '/notification',
      {
        schema: {
          tags,
          summary: 'Your notifications, newest first',
          ...secured,
          querystring: z.object({ page: z.coerce.number().int().min(1).max(500).default(1) }),
          response: { 200: notificationPageSchema, 400: errorBodySchema, ...errors },
        },
      },
      async (request) => notifications.list(request.auth.userId, request.query.page),
    );
    app.get(
      '/notification/unread_count',
      {
        schema: {
          tags,
          summary: 'How many are unread (the badge)',
          ...secured,
          response: { 200: unreadSchema, ...errors },
        },
      },
      async (request) => ({ unread_count: await notifications.unreadCount(request.auth.userId) }),
    );
    app.post(
      '/mark_as_read/:id',
      {
        schema: {
          tags,
          summary: 'Mark one read',
          ...secured,
          params: z.object({ id: z.string().uuid() }),
          response: { 200: unreadSchema, ...errors },
        },
      },
      async (request) => ({
        unread_count: await notifications.markRead(request.auth.userId, request.params.id),
      }),
    );
    app.post(
      '/mark_all_as_read',
      {
        schema: {
          tags,
          summary: 'Mark all read',
          ...secured,
          response: { 200: unreadSchema, ...errors },
        },
      },
      async (request) => ({ unread_count: await notifications.markAllRead(request.auth.userId) }),
    );
    app.delete(
      '/notification/:id',
      {
        schema: {
          tags,
          summary: 'Delete one',
          ...secured,
          params: z.object({ id: z.string().uuid() }),
          response: { 200: unreadSchema, ...errors },
        },
      },
      async (request) => ({
        unread_count: await notifications.remove(request.auth.userId, request.params.id),
      }),
    );
  };
}
