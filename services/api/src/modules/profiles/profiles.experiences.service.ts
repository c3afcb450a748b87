import type { Database } from '@touchline/db';
import {
  countExperiences,
  deleteOwnExperience,
  findActiveAcademy,
  findOwnExperience,
  insertExperience,
  listExperiences,
  lockUser,
  updateOwnExperience,
  type ExperienceValues,
} from '@touchline/db/profiles';
import {
  experienceCreateSchemaAt,
  PROFILE_LIMITS,
  type ExperienceInput,
  type experienceUpdateSchema,
} from '@touchline/shared';
import type { z } from 'zod';
import { parseOrThrow } from '../../lib/form';
import type { Viewer } from '../../lib/auth-context';
import type { ProfileAccess } from './profiles.access';
import { profilesErrors } from './profiles.errors';
import { toExperience } from './profiles.views';

export type ExperiencePatch = z.output<typeof experienceUpdateSchema>;

/**
 * A player's playing history (`/api/user_academy`): current entries first, then the latest start.
 * Only players have one; anyone signed in may read a visible player's list.
 */
export function createExperiencesService(deps: {
  db: Database;
  clock: () => Date;
  access: ProfileAccess;
}) {
  const { db, clock, access } = deps;

  function requirePlayer(viewer: Viewer) {
    if (viewer.role !== 'player') throw profilesErrors.playersOnly();
  }

  /** The stored columns of a checked entry; a registered academy lends its current name. */
  async function toValues(input: ExperienceInput, keepAcademy?: { id: string; name: string }) {
    let academyName = input.academy_name;
    if (input.academy_id) {
      if (keepAcademy && keepAcademy.id === input.academy_id) academyName = keepAcademy.name;
      else {
        const academy = await findActiveAcademy(db, input.academy_id);
        if (!academy) throw profilesErrors.academyNotFound();
        academyName = academy.username;
      }
    }
    return {
      academyId: input.academy_id,
      academyName: academyName!,
      sport: input.sport,
      position: input.position,
      startMonth: input.start_month,
      startYear: input.start_year,
      endMonth: input.end_month,
      endYear: input.end_year,
      isCurrent: input.is_current,
    } satisfies ExperienceValues;
  }

  return {
    async list(viewer: Viewer, userId: string = viewer.userId) {
      await access.requireVisibleUser(viewer, userId);
      const rows = await listExperiences(db, userId);
      return rows.map(toExperience);
    },

    async create(viewer: Viewer, input: ExperienceInput) {
      requirePlayer(viewer);
      const values = await toValues(input);
      const row = await db.transaction(async (tx) => {
        await lockUser(tx, viewer.userId);
        if ((await countExperiences(tx, viewer.userId)) >= PROFILE_LIMITS.experiencesPerUser)
          throw profilesErrors.limitReached(
            'experience entries',
            PROFILE_LIMITS.experiencesPerUser,
          );
        return insertExperience(tx, viewer.userId, values);
      });
      return toExperience(row);
    },

    /** The owner's entry only (404 otherwise); the merged entry passes the create rules. */
    async update(viewer: Viewer, id: string, patch: ExperiencePatch) {
      requirePlayer(viewer);
      const owned = { id, userId: viewer.userId };
      const existing = await findOwnExperience(db, owned);
      if (!existing) throw profilesErrors.experienceNotFound();
      const given = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
      const base: Record<string, unknown> = {
        academy_id: existing.academyId,
        academy_name: existing.academyName,
        sport: existing.sport,
        position: existing.position,
        start_month: existing.startMonth,
        start_year: existing.startYear,
        end_month: existing.endMonth,
        end_year: existing.endYear,
        is_current: existing.isCurrent,
      };
      // A free name replaces a registered academy; "currently playing" drops the end date.
      if ('academy_name' in given && !('academy_id' in given)) base.academy_id = null;
      if (given.is_current === true && !('end_month' in given) && !('end_year' in given)) {
        base.end_month = null;
        base.end_year = null;
      }
      const merged = parseOrThrow(experienceCreateSchemaAt(clock), { ...base, ...given });
      const values = await toValues(
        merged,
        existing.academyId ? { id: existing.academyId, name: existing.academyName } : undefined,
      );
      const row = await updateOwnExperience(db, owned, values);
      if (!row) throw profilesErrors.experienceNotFound();
      return toExperience(row);
    },

    /** The owner's entry only (404 otherwise). */
    async remove(viewer: Viewer, id: string) {
      requirePlayer(viewer);
      if (!(await deleteOwnExperience(db, { id, userId: viewer.userId })))
        throw profilesErrors.experienceNotFound();
      return { message: 'Experience deleted' };
    },
  };
}
