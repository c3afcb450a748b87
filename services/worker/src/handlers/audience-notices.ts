import { uuidv7For, type Database } from '@touchline/db';
import {
  PREVIEWS_PER_MESSAGE,
  deliverNotices,
  publishPreviews,
  type Publisher,
} from '@touchline/delivery';
import { listNoticeAudience } from '@touchline/db/notifications';
import type { BusDriver, SecretBox } from '@touchline/drivers';
import type { NotificationKind, PreviewsMessage } from '@touchline/shared';

/** Recipients per transaction: one insert of notifications and two of realtime events. */
export const AUDIENCE_BATCH_SIZE = 500;

/**
 * Tells an author's audience (a player's friends, an academy's followers: active, no block either
 * way) one notice each, a window of `PREVIEWS_PER_MESSAGE` recipients at a time, in id order.
 * Each window is first shown to the recipients' open tabs by one bus message (`publishPreviews`:
 * the notice with the id and time its row will have, and the unread count with it; the id is
 * fixed by the source key, so a rerun previews a notice not yet stored under the same id), then stored
 * a batch at a time, each batch's rows and numbered events in one short transaction pushed after
 * it commits; the client shows the notice once, by id (decision 60). One row per recipient and
 * source event (`sourceKeyPrefix` + the recipient's id), so a rerun after a crash skips who was
 * told, previews included, and carries on with the rest.
 */
export async function tellAudience(
  deps: { db: Database; bus: BusDriver; publisher: Publisher; secretBox?: SecretBox },
  input: {
    author: { id: string; role: 'player' | 'academy' };
    notice: { kind: NotificationKind; text: string; link: string };
    /**
     * When what the notice tells of happened (the post or trial was made): with each source key
     * it fixes the notice's id, so a job run again previews a notice under the id it had.
     */
    happenedAt: Date;
    sourceKeyPrefix: string;
    batchSize?: number;
  },
): Promise<void> {
  const batchSize = input.batchSize ?? AUDIENCE_BATCH_SIZE;
  const window = Math.max(batchSize, PREVIEWS_PER_MESSAGE);
  let after: string | null = null;
  for (;;) {
    const audience = await listNoticeAudience(deps.db, {
      authorId: input.author.id,
      role: input.author.role,
      after,
      limit: window,
      sourceKeyPrefix: input.sourceKeyPrefix,
    });
    if (audience.length === 0) return;
    after = audience.at(-1)!.userId;

    const createdAt = new Date();
    const untold = audience
      .filter((recipient) => !recipient.stored)
      .map((recipient) => ({
        ...recipient,
        id: uuidv7For(input.happenedAt.getTime(), `${input.sourceKeyPrefix}${recipient.userId}`),
      }));
    const to: PreviewsMessage['to'] = untold.map((r) => [r.userId, r.id, r.unread + 1]);
    await publishPreviews(
      deps.bus,
      { ...input.notice, actor_id: input.author.id, created_at: createdAt.toISOString() },
      to,
    );

    for (let i = 0; i < untold.length; i += batchSize) {
      await deliverNotices(
        deps,
        untold.slice(i, i + batchSize).map(({ userId, id }) => ({
          id,
          createdAt,
          userId,
          actorId: input.author.id,
          ...input.notice,
          sourceKey: `${input.sourceKeyPrefix}${userId}`,
        })),
      );
    }
    if (audience.length < window) return;
  }
}
