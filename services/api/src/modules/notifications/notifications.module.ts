import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mediaUrlsFrom } from '../media/media.module';
import { notificationsRoutes } from './notifications.routes';
import { createNotificationsService, type NotificationsService } from './notifications.service';

/** What other modules may ask of notifications: the badge number of one user. */
export type UnreadCount = NotificationsService['unreadCount'];

/** The notification centre built from the root's infrastructure (new events reach the socket). */
export function buildNotificationsService(app: FastifyInstance) {
  return createNotificationsService({
    db: app.db,
    clock: app.clock,
    media: mediaUrlsFrom(app),
    publisher: app.publisher,
  });
}

/** The unread count shown with the session (auth answers, `GET /api/me`). */
export function unreadCountFrom(app: FastifyInstance): UnreadCount {
  return buildNotificationsService(app).unreadCount;
}

/** Notifications: the signed-in user's notification centre. */
export const notificationsModule: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  await app.register(notificationsRoutes({ notifications: buildNotificationsService(app) }));
};
