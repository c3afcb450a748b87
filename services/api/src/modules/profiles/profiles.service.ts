import type { Database } from '@touchline/db';
import {
  countAchievements,
  findProfileDetails,
  lockProfileMedia,
  setProfilePhotoMedia,
  updateAccountFields,
  upsertProfile,
  type AccountPatch,
  type ProfileDetails,
  type ProfilePatch,
} from '@touchline/db/profiles';
import { insertAdminAudit } from '@touchline/db/admin';
import { deleteOwnedMediaObjects } from '@touchline/db/media';
import { measuredValuesOf } from '@touchline/db/trials';
import { lockUserRow } from '@touchline/db/users';
import type { StorageDriver } from '@touchline/drivers';
import {
  ACADEMY_ONLY_FIELDS,
  ageOn,
  MESSAGES,
  PLAYER_ONLY_FIELDS,
  PROFILE_LIMITS,
  positionForSports,
  positionMismatchMessage,
  resolveSports,
  todayInLagos,
  type LimitedProfile,
  type ProfileUpdate,
  type ProfileView,
  type Role,
} from '@touchline/shared';
import type { MediaService } from '../media/media.service';
import { deleteStoredFiles, storeProcessedImage, type ImageVariants } from '../media/media.uploads';
import { createAchievementsService } from './profiles.achievements.service';
import { createExperiencesService } from './profiles.experiences.service';
import type { Viewer } from '../../lib/auth-context';
import {
  createProfileAccess,
  everyoneCanView,
  everyoneSeesFullProfile,
  type CanView,
  type SeesFullProfile,
} from './profiles.access';
import { profilesErrors } from './profiles.errors';
import { toLimitedProfile, toProfileView, type ProfileCounts } from './profiles.views';

export type { Viewer, CanView, ProfileCounts };

/** The summary card's counts (friends or followers, posts, achievements) of one user. */
export type ProfileCountsProvider = (user: { id: string; role: Role }) => Promise<ProfileCounts>;

/**
 * Until the social graph and posts arrive, friends, followers and posts count 0; achievements are
 * counted for real. The lead's provider replaces this one.
 */
export function achievementsOnlyCounts(db: Database): ProfileCountsProvider {
  return async (user) => ({
    friends: 0,
    followers: 0,
    posts: 0,
    achievements: await countAchievements(db, user.id),
  });
}

export type ProfilesServiceDeps = {
  db: Database;
  clock: () => Date;
  storage: StorageDriver;
  media: Pick<MediaService, 'publicUrl' | 'publicUrls'>;
  countsProvider?: ProfileCountsProvider;
  canView?: CanView;
  /** A minor's full profile is for their circle only (supplement §13); others get the card. */
  seesFullProfile?: SeesFullProfile;
  /** A replaced image whose file could not be deleted (an orphan file, never a broken link). */
  onStorageError?: (err: unknown) => void;
  /**
   * After a commit that changed what `GET /api/me` answers the user (account fields, photo):
   * every API instance forgets its remembered answer (decision 63). None by default.
   */
  forgetProfile?: (userId: string) => Promise<void>;
};

export type ProfileImageKind = 'photo' | 'cover';

export const PROFILE_IMAGE_VARIANTS: Record<ProfileImageKind, ImageVariants> = {
  photo: {
    display: {
      width: PROFILE_LIMITS.profilePhotoSize,
      height: PROFILE_LIMITS.profilePhotoSize,
      fit: 'cover',
    },
    thumb: {
      width: PROFILE_LIMITS.profileThumbSize,
      height: PROFILE_LIMITS.profileThumbSize,
      fit: 'cover',
    },
  },
  cover: {
    display: { width: PROFILE_LIMITS.coverWidth, height: PROFILE_LIMITS.coverHeight, fit: 'cover' },
    thumb: { width: 600, height: 200, fit: 'cover' },
  },
};

const FIELD_LABELS: Record<string, string> = {
  open_to_work: 'Open to Work',
  position: 'a position',
  height_cm: 'a height',
  weight_kg: 'a weight',
  preferred_side: 'a preferred foot or hand',
  dob: 'a date of birth',
};

/** Profiles (supplement §2): the view, the partial update, photos, achievements and experience. */
export function createProfilesService(deps: ProfilesServiceDeps) {
  const { db, clock, storage, media } = deps;
  const countsProvider = deps.countsProvider ?? achievementsOnlyCounts(db);
  const access = createProfileAccess({
    db,
    canView: deps.canView ?? everyoneCanView,
    seesFullProfile: deps.seesFullProfile ?? everyoneSeesFullProfile,
  });
  const onStorageError = deps.onStorageError ?? (() => undefined);
  const forgetProfile = deps.forgetProfile ?? (async () => undefined);
  const removeFiles = (rows: Parameters<typeof deleteStoredFiles>[1]) =>
    deleteStoredFiles(storage, rows, onStorageError);

  const seesFullProfile = deps.seesFullProfile ?? everyoneSeesFullProfile;

  /** Another user's profile: the full view, or a minor's limited card outside their circle. */
  async function view(viewer: Viewer, targetId: string): Promise<ProfileView | LimitedProfile> {
    const details = await findProfileDetails(db, targetId);
    await access.check(viewer, details);
    const target = details!;
    if (!(await seesFullProfile(viewer, target))) {
      const profilePhoto = await media.publicUrl(target.profilePhotoMediaId);
      return toLimitedProfile(target, { today: todayInLagos(clock()), profilePhoto });
    }
    return fullView(viewer, target);
  }

  /** The caller's own profile, private fields included. */
  async function ownView(viewer: Viewer): Promise<ProfileView> {
    const details = await findProfileDetails(db, viewer.userId);
    await access.check(viewer, details);
    return fullView(viewer, details!);
  }

  async function fullView(viewer: Viewer, target: ProfileDetails): Promise<ProfileView> {
    const [counts, profilePhoto, coverPhoto, measured] = await Promise.all([
      countsProvider({ id: target.id, role: target.role }),
      media.publicUrl(target.profilePhotoMediaId),
      media.publicUrl(target.coverPhotoMediaId),
      target.role === 'player' ? measuredValuesOf(db, target.id) : null,
    ]);
    return toProfileView(target, {
      viewerId: viewer.userId,
      viewerIsAdmin: viewer.role === 'admin',
      today: todayInLagos(clock()),
      counts,
      profilePhoto,
      coverPhoto,
      measured: measured && {
        height_cm: measured.heightCm,
        weight_kg: measured.weightKg,
        sprint_30m_seconds: measured.sprint30mSeconds,
        standing_reach_cm: measured.standingReachCm,
      },
    });
  }

  /** Role-only fields, resolved sports and a position that fits them: the update's own rules. */
  function planUpdate(
    current: { role: Role; sports: string[]; position: string | null },
    input: ProfileUpdate,
  ) {
    const refused: Record<string, string> = {};
    if (current.role !== 'player') {
      for (const field of PLAYER_ONLY_FIELDS)
        if (input[field] !== undefined) refused[field] = `Only players have ${FIELD_LABELS[field]}`;
    }
    if (current.role !== 'academy') {
      for (const field of ACADEMY_ONLY_FIELDS)
        if (input[field] !== undefined) refused[field] = 'Only academies have an established date';
    }
    if (Object.keys(refused).length > 0) throw profilesErrors.fieldsNotAllowed(refused);

    const sports = input.sports ? resolveSports(input.sports, input.custom_sport ?? '') : undefined;
    if (sports && sports.length === 0)
      throw profilesErrors.invalidField('sports', MESSAGES.sportRequired);
    const effectiveSports = sports ?? current.sports;
    let position: string | null | undefined;
    if (input.position !== undefined && input.position !== null) {
      position = positionForSports(effectiveSports, input.position);
      if (!position)
        throw profilesErrors.invalidField('position', positionMismatchMessage(effectiveSports));
    } else if (input.position === null) {
      position = null;
    } else if (sports && current.position && !positionForSports(sports, current.position)) {
      // The stored position belonged to a sport the user just dropped.
      position = null;
    }

    const account: AccountPatch = {};
    if (input.username !== undefined) account.username = input.username;
    if (input.state !== undefined && input.district !== undefined) {
      account.state = input.state;
      account.district = input.district;
    }
    if (sports) account.sports = sports;
    if (input.dob !== undefined) account.dob = input.dob;
    if (input.established_on !== undefined) account.establishedOn = input.established_on;

    const profile: ProfilePatch = {};
    if (input.bio !== undefined) profile.bio = input.bio;
    if (input.about !== undefined) profile.about = input.about;
    if (input.open_to_work !== undefined) profile.openToWork = input.open_to_work;
    if (position !== undefined) profile.position = position;
    if (input.height_cm !== undefined) profile.heightCm = input.height_cm;
    if (input.weight_kg !== undefined) profile.weightKg = input.weight_kg;
    if (input.preferred_side !== undefined) profile.preferredSide = input.preferred_side;
    if (input.phone !== undefined) profile.phone = input.phone;
    return { account, profile };
  }

  return {
    view,

    ownView,

    /** A partial update of the caller's own profile; answers the own view. */
    async update(viewer: Viewer, input: ProfileUpdate) {
      const current = await findProfileDetails(db, viewer.userId);
      if (!current) throw profilesErrors.profileNotFound();
      const { account, profile } = planUpdate(current, input);
      await db.transaction(async (tx) => {
        if (account.dob !== undefined) {
          // Set once, then locked: the row lock makes two first settings resolve one way.
          const locked = (await lockUserRow(tx, viewer.userId))?.dob ?? null;
          if (locked !== null && locked !== account.dob) throw profilesErrors.dobLocked();
        }
        await updateAccountFields(tx, viewer.userId, account);
        await upsertProfile(tx, viewer.userId, profile);
      });
      await forgetProfile(viewer.userId);
      return ownView(viewer);
    },

    /**
     * An administrator corrects a player's date of birth (supplement §13: locked for the player),
     * with the audit record in the same transaction. 404 for an unknown account, 400 for an
     * academy or administrator (they have no date of birth).
     */
    async correctDob(admin: Viewer, userId: string, input: { dob: string; reason: string }) {
      const corrected = await db.transaction(async (tx) => {
        const user = await lockUserRow(tx, userId);
        if (!user) throw profilesErrors.profileNotFound();
        if (user.role !== 'player')
          throw profilesErrors.fieldsNotAllowed({ dob: 'Only players have a date of birth' });
        await updateAccountFields(tx, userId, { dob: input.dob });
        await insertAdminAudit(tx, {
          actorId: admin.userId,
          action: 'user.dob_corrected',
          targetUserId: userId,
          reason: input.reason,
          details: { from: user.dob, to: input.dob },
        });
        return { user_id: userId, dob: input.dob, age: ageOn(input.dob, todayInLagos(clock())) };
      });
      await forgetProfile(userId);
      return corrected;
    },

    /**
     * Replaces the profile photo (square 400 px, thumbnail 96 px) or the cover (1500×500): the
     * image is stored first, the reference swapped in a short transaction, and the old files
     * deleted once it committed.
     */
    async setImage(viewer: Viewer, kind: ProfileImageKind, buffer: Buffer) {
      const stored = await storeProcessedImage({
        db,
        storage,
        ownerId: viewer.userId,
        buffer,
        variants: PROFILE_IMAGE_VARIANTS[kind],
      });
      let removed;
      try {
        removed = await db.transaction(async (tx) => {
          const current = await lockProfileMedia(tx, viewer.userId);
          if (!current) throw profilesErrors.profileNotFound();
          const previous =
            kind === 'photo' ? current.profilePhotoMediaId : current.coverPhotoMediaId;
          if (kind === 'photo') await setProfilePhotoMedia(tx, viewer.userId, stored.media.id);
          else await upsertProfile(tx, viewer.userId, { coverPhotoMediaId: stored.media.id });
          return deleteOwnedMediaObjects(tx, viewer.userId, [previous]);
        });
      } catch (err) {
        await stored.discard().catch(onStorageError);
        throw err;
      }
      if (kind === 'photo') await forgetProfile(viewer.userId);
      await removeFiles(removed);
      return { url: stored.url };
    },

    /** Removes the profile photo or cover; the files go after the change committed. */
    async removeImage(viewer: Viewer, kind: ProfileImageKind) {
      const removed = await db.transaction(async (tx) => {
        const current = await lockProfileMedia(tx, viewer.userId);
        if (!current) throw profilesErrors.profileNotFound();
        const previous = kind === 'photo' ? current.profilePhotoMediaId : current.coverPhotoMediaId;
        if (!previous) return [];
        if (kind === 'photo') await setProfilePhotoMedia(tx, viewer.userId, null);
        else await upsertProfile(tx, viewer.userId, { coverPhotoMediaId: null });
        return deleteOwnedMediaObjects(tx, viewer.userId, [previous]);
      });
      if (kind === 'photo') await forgetProfile(viewer.userId);
      await removeFiles(removed);
      return { url: null };
    },

    achievements: createAchievementsService({
      db,
      clock,
      storage,
      media,
      access,
      removeFiles,
      onStorageError,
    }),
    experiences: createExperiencesService({ db, clock, access }),
  };
}

export type ProfilesService = ReturnType<typeof createProfilesService>;
