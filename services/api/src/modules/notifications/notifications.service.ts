import {
  appendUserEvent,
  countUnread,
  deleteNotification,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  type Database,
} from '@touchline/db';
import { LIMITS, type StoredServerEvent } from '@touchline/shared';
import { AppError } from '../../lib/app-error';
import type { MediaService } from '../media/media.service';

const notFound = () => new AppError(404, 'notifications.not_found', 'Notification not found');

/**
 * The signed-in user's notifications. Every change to the unread count is also written to the
 * user's realtime stream (`notification_count`), so the user's other tabs re-sync their badge.
 */
export function createNotificationsService(deps: {
  db: Database;
  clock: () => Date;
  media: MediaService;
  publish: (userId: string, event: StoredServerEvent) => Promise<void>;
}) {
  const { db } = deps;

  async function announceCount(userId: string) {
    const stored = await db.transaction(async (tx) => {
      const unread = await countUnread(tx, userId);
      const { seq } = await appendUserEvent(tx, userId, 'notification_count', { unread });
      return { seq, unread };
    });
    await deps.publish(userId, {
      type: 'notification_count',
      seq: stored.seq,
      data: { unread: stored.unread },
    });
    return stored.unread;
  }

  return {
    unreadCount: (userId: string) => countUnread(db, userId),

    /** Page n (1-based) of the user's notifications, newest first. */
    async list(userId: string, page: number) {
      const size = LIMITS.notificationPageSize;
      // Pages are offsets over a stable order (created_at, id); a deep page costs one index range.
      const rows = await listNotifications(db, userId, size * page + 1);
      const slice = rows.slice(size * (page - 1), size * page);
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
        has_more: rows.length > size * page,
        page,
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
