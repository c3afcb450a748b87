import type { Database } from '@touchline/db';
import { deleteOwnedMediaObjects, type MediaObjectRow } from '@touchline/db/media';
import {
  countAchievements,
  deleteOwnAchievement,
  findOwnAchievement,
  insertAchievement,
  listAchievements,
  lockOwnAchievement,
  lockUser,
  updateOwnAchievement,
  type AchievementValues,
} from '@touchline/db/profiles';
import type { StorageDriver } from '@touchline/drivers';
import {
  achievementCreateSchemaAt,
  PROFILE_LIMITS,
  type achievementCreateSchema,
  type achievementUpdateSchema,
} from '@touchline/shared';
import type { z } from 'zod';
import { parseOrThrow } from '../../lib/form';
import type { MediaService } from '../media/media.service';
import { storeProcessedImage, type ImageVariants, type StoredImage } from '../media/media.uploads';
import type { Viewer } from '../../lib/auth-context';
import type { ProfileAccess } from './profiles.access';
import { profilesErrors } from './profiles.errors';
import { toAchievement } from './profiles.views';

export type AchievementCreate = z.output<typeof achievementCreateSchema>;
export type AchievementPatch = z.output<typeof achievementUpdateSchema>;

const ACHIEVEMENT_IMAGE: ImageVariants = {
  display: {
    width: PROFILE_LIMITS.achievementImageMax,
    height: PROFILE_LIMITS.achievementImageMax,
    fit: 'inside',
  },
  thumb: { width: 320, height: 320, fit: 'inside' },
};

type MediaFiles = Pick<MediaObjectRow, 'key' | 'variants' | 'visibility'>[];

/** Achievements of players and academies: anyone signed in reads them, only the owner edits. */
export function createAchievementsService(deps: {
  db: Database;
  clock: () => Date;
  storage: StorageDriver;
  media: Pick<MediaService, 'publicUrl' | 'publicUrls'>;
  access: ProfileAccess;
  removeFiles: (rows: MediaFiles) => Promise<void>;
  onStorageError: (err: unknown) => void;
}) {
  const { db, clock, storage, media, access } = deps;

  const storeImage = (ownerId: string, buffer: Buffer | null) =>
    buffer
      ? storeProcessedImage({ db, storage, ownerId, buffer, variants: ACHIEVEMENT_IMAGE })
      : Promise.resolve(null);

  /** Runs the change; a failed change takes its freshly stored image with it. */
  async function withImage<T>(stored: StoredImage | null, change: () => Promise<T>) {
    try {
      return await change();
    } catch (err) {
      await stored?.discard().catch(deps.onStorageError);
      throw err;
    }
  }

  return {
    async list(viewer: Viewer, userId: string = viewer.userId) {
      await access.requireVisibleUser(viewer, userId);
      const rows = await listAchievements(db, userId);
      const urls = await media.publicUrls(
        rows.map((r) => r.imageMediaId),
        'display',
      );
      return rows.map((row) =>
        toAchievement(row, row.imageMediaId ? (urls.get(row.imageMediaId) ?? null) : null),
      );
    },

    async create(viewer: Viewer, input: AchievementCreate, image: Buffer | null) {
      // Refuse early, before any image work (checked again under the lock).
      if ((await countAchievements(db, viewer.userId)) >= PROFILE_LIMITS.achievementsPerUser)
        throw profilesErrors.limitReached('achievements', PROFILE_LIMITS.achievementsPerUser);
      const stored = await storeImage(viewer.userId, image);
      const row = await withImage(stored, () =>
        db.transaction(async (tx) => {
          await lockUser(tx, viewer.userId);
          if ((await countAchievements(tx, viewer.userId)) >= PROFILE_LIMITS.achievementsPerUser)
            throw profilesErrors.limitReached('achievements', PROFILE_LIMITS.achievementsPerUser);
          return insertAchievement(tx, viewer.userId, {
            title: input.title,
            organisation: input.organisation ?? null,
            issuedMonth: input.issued_month,
            issuedYear: input.issued_year,
            description: input.description ?? null,
            imageMediaId: stored?.media.id ?? null,
          });
        }),
      );
      return toAchievement(row, stored?.url ?? null);
    },

    /** The owner's achievement only (404 otherwise); the merged entry passes the create rules. */
    async update(viewer: Viewer, id: string, patch: AchievementPatch, image: Buffer | null) {
      const owned = { id, userId: viewer.userId };
      const existing = await findOwnAchievement(db, owned);
      if (!existing) throw profilesErrors.achievementNotFound();
      const { remove_image: removeImage, ...fields } = patch;
      const given = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
      const merged = parseOrThrow(achievementCreateSchemaAt(clock), {
        title: existing.title,
        organisation: existing.organisation,
        issued_month: existing.issuedMonth,
        issued_year: existing.issuedYear,
        description: existing.description,
        ...given,
      });
      const changes: Partial<AchievementValues> = {};
      if ('title' in given) changes.title = merged.title;
      if ('organisation' in given) changes.organisation = merged.organisation ?? null;
      if ('issued_month' in given) changes.issuedMonth = merged.issued_month;
      if ('issued_year' in given) changes.issuedYear = merged.issued_year;
      if ('description' in given) changes.description = merged.description ?? null;

      const stored = await storeImage(viewer.userId, image);
      const { row, removed } = await withImage(stored, () =>
        db.transaction(async (tx) => {
          const current = await lockOwnAchievement(tx, owned);
          if (!current) throw profilesErrors.achievementNotFound();
          const imageMediaId = stored ? stored.media.id : removeImage ? null : current.imageMediaId;
          const updated = await updateOwnAchievement(tx, owned, { ...changes, imageMediaId });
          if (!updated) throw profilesErrors.achievementNotFound();
          const gone =
            imageMediaId !== current.imageMediaId
              ? await deleteOwnedMediaObjects(tx, viewer.userId, [current.imageMediaId])
              : [];
          return { row: updated, removed: gone };
        }),
      );
      await deps.removeFiles(removed);
      const url = stored ? stored.url : await media.publicUrl(row.imageMediaId);
      return toAchievement(row, url);
    },

    /** The owner's achievement only (404 otherwise); its image goes with it. */
    async remove(viewer: Viewer, id: string) {
      const removed = await db.transaction(async (tx) => {
        const row = await deleteOwnAchievement(tx, { id, userId: viewer.userId });
        if (!row) throw profilesErrors.achievementNotFound();
        return deleteOwnedMediaObjects(tx, viewer.userId, [row.imageMediaId]);
      });
      await deps.removeFiles(removed);
      return { message: 'Achievement deleted' };
    },
  };
}
