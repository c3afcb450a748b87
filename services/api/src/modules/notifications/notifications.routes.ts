import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorBodySchema,
  notificationPageSchema,
  notificationQuerySchema,
  unreadCountSchema,
} from '@touchline/shared';
import type { NotificationsService } from './notifications.service';

const errors = { 401: errorBodySchema, 404: errorBodySchema };
const secured = { security: [{ bearer: [] }] };

/** The notification centre of the signed-in user (supplement §8 and §12 names). */
export function notificationsRoutes(deps: {
  notifications: NotificationsService;
}): FastifyPluginAsyncZod {
  const { notifications } = deps;
  return async (app) => {
    const tags = ['notifications'];

    app.get(
      '/notification',
      {
        schema: {
          tags,
          summary:
            'Your notifications, newest first (`before`: the previous page’s `next`; or `page`)',
          ...secured,
          querystring: notificationQuerySchema,
          response: { 200: notificationPageSchema, 400: errorBodySchema, ...errors },
        },
      },
      async (request) => notifications.list(request.auth.userId, request.query),
    );
    app.get(
      '/notification/unread_count',
      {
        schema: {
          tags,
          summary: 'How many are unread (the badge)',
          ...secured,
          response: { 200: unreadCountSchema, ...errors },
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
          response: { 200: unreadCountSchema, ...errors },
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
          response: { 200: unreadCountSchema, ...errors },
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
          response: { 200: unreadCountSchema, ...errors },
        },
      },
      async (request) => ({
        unread_count: await notifications.remove(request.auth.userId, request.params.id),
      }),
    );
  };
}
