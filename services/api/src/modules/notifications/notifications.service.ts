import type { Database } from '@touchline/db';
import {
  countUnread,
  deleteNotification,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from '@touchline/db/notifications';
import { storeUserEvent, type Publisher } from '@touchline/delivery';
import { LIMITS, NOTIFICATIONS_ERRORS, type NotificationPage } from '@touchline/shared';
import { AppError } from '../../lib/app-error';
import { keysetPageWindow, pageOf, type PageQuery } from '../../lib/paging';
import type { MediaService } from '../media/media.service';

const notFound = () => new AppError(404, NOTIFICATIONS_ERRORS.notFound, 'Notification not found');

/**
 * The signed-in user's notifications. Every change to the unread count is also written to the
 * user's realtime stream (`notification_count`), so the user's other tabs re-sync their badge.
 */
export function createNotificationsService(deps: {
  db: Database;
  clock: () => Date;
  media: Pick<MediaService, 'publicUrls'>;
  publisher: Publisher;
}) {
  const { db } = deps;

  async function announceCount(userId: string) {
    let unread = 0;
    await deps.publisher.deliver(db, async (tx) => {
      unread = await countUnread(tx, userId);
      return [await storeUserEvent(tx, { userId, type: 'notification_count', data: { unread } })];
    });
    return unread;
  }

  return {
    unreadCount: (userId: string) => countUnread(db, userId),

    /**
     * The user's notifications, newest first by (created_at, id): after the keyset cursor
     * `before` (the previous answer's `next`) when given, else page n (1-based, the
     * specification's `?page=`). Either way one bounded read.
     */
    async list(userId: string, query: PageQuery): Promise<NotificationPage> {
      const size = LIMITS.notificationPageSize;
      const window = keysetPageWindow(query, size);
      const rows = await listNotifications(db, userId, window.limit, window.before, window.offset);
      const { items: slice, ...paging } = pageOf(rows, query, size, (row) => row.cursor);
      const urls = await deps.media.publicUrls(slice.map((r) => r.actorPhotoMediaId));
      return {
        results: slice.map((r) => ({
          id: r.id,
          kind: r.kind,
          text: r.text,
          link: r.link,
          actor:
            r.actorId && r.actorName && r.actorRole
              ? {
                  id: r.actorId,
                  username: r.actorName,
                  role: r.actorRole,
                  photo_url: r.actorPhotoMediaId ? (urls.get(r.actorPhotoMediaId) ?? null) : null,
                }
              : null,
          is_read: r.readAt !== null,
          created_at: r.createdAt.toISOString(),
        })),
        ...paging,
        unread_count: await countUnread(db, userId),
      };
    },

    async markRead(userId: string, id: string) {
      if (!(await markNotificationRead(db, userId, id, deps.clock()))) throw notFound();
      return announceCount(userId);
    },

    async markAllRead(userId: string) {
      await markAllNotificationsRead(db, userId, deps.clock());
      return announceCount(userId);
    },

    async remove(userId: string, id: string) {
      if (!(await deleteNotification(db, userId, id))) throw notFound();
      return announceCount(userId);
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
