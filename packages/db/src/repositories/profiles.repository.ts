import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../client';
import { achievements, experiences, profiles, users } from '../schema';

export type ProfileRow = typeof profiles.$inferSelect;
export type AchievementRow = typeof achievements.$inferSelect;
export type ExperienceRow = typeof experiences.$inferSelect;

/** What the profile stores beyond the account (everything optional: a partial update). */
export type ProfilePatch = Partial<Omit<ProfileRow, 'userId' | 'updatedAt'>>;
/** The account columns a profile edit may change. */
export type AccountPatch = Partial<
  Pick<
    typeof users.$inferInsert,
    'username' | 'state' | 'district' | 'sports' | 'dob' | 'establishedOn'
  >
>;

/* ----------------------------------------------------------------- profile */

/** The account and its profile row (null profile fields when it was never edited). */
export async function findProfileDetails(executor: Executor, userId: string) {
  const [row] = await executor
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      username: users.username,
      dob: users.dob,
      establishedOn: users.establishedOn,
      state: users.state,
      district: users.district,
      sports: users.sports,
      isActive: users.isActive,
      /** Decision 37: active and, for a child, with a guardian's consent. */
      reachable: users.reachable,
      academyStatus: users.academyStatus,
      profilePhotoMediaId: users.profilePhotoMediaId,
      bio: profiles.bio,
      about: profiles.about,
      coverPhotoMediaId: profiles.coverPhotoMediaId,
      openToWork: profiles.openToWork,
      position: profiles.position,
      heightCm: profiles.heightCm,
      weightKg: profiles.weightKg,
      preferredSide: profiles.preferredSide,
      phone: profiles.phone,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  return row ?? null;
}
export type ProfileDetails = NonNullable<Awaited<ReturnType<typeof findProfileDetails>>>;

/** Creates the profile row on the first edit; only the given columns change. */
export async function upsertProfile(executor: Executor, userId: string, patch: ProfilePatch) {
  if (Object.keys(patch).length === 0) return;
  await executor
    .insert(profiles)
    .values({ userId, ...patch })
    .onConflictDoUpdate({ target: profiles.userId, set: { ...patch, updatedAt: new Date() } });
}

export async function updateAccountFields(executor: Executor, userId: string, patch: AccountPatch) {
  if (Object.keys(patch).length === 0) return;
  await executor.update(users).set(patch).where(eq(users.id, userId));
}

/**
 * Locks the account row for a photo change and answers the current photo ids, so two uploads at
 * once cannot both keep a reference to the same old image.
 */
export async function lockProfileMedia(executor: Executor, userId: string) {
  const [row] = await executor
    .select({
      profilePhotoMediaId: users.profilePhotoMediaId,
      coverPhotoMediaId: profiles.coverPhotoMediaId,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
    .for('update', { of: users });
  return row ?? null;
}

/** Serialises one user's list changes (the per-user caps are checked under this lock). */
export async function lockUser(executor: Executor, userId: string) {
  const [row] = await executor
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return Boolean(row);
}

export async function setProfilePhotoMedia(
  executor: Executor,
  userId: string,
  mediaId: string | null,
) {
  await executor.update(users).set({ profilePhotoMediaId: mediaId }).where(eq(users.id, userId));
}

/* ------------------------------------------------------------ achievements */

export type AchievementValues = Pick<
  typeof achievements.$inferInsert,
  'title' | 'organisation' | 'issuedMonth' | 'issuedYear' | 'description' | 'imageMediaId'
>;
type Owned = { id: string; userId: string };

/** Newest issue date first. */
export function listAchievements(executor: Executor, userId: string) {
  return executor
    .select()
    .from(achievements)
    .where(eq(achievements.userId, userId))
    .orderBy(
      desc(achievements.issuedYear),
      desc(achievements.issuedMonth),
      desc(achievements.createdAt),
    );
}

export async function countAchievements(executor: Executor, userId: string) {
  const [row] = await executor
    .select({ n: count() })
    .from(achievements)
    .where(eq(achievements.userId, userId));
  return row?.n ?? 0;
}

export async function insertAchievement(
  executor: Executor,
  userId: string,
  values: AchievementValues,
): Promise<AchievementRow> {
  const [row] = await executor
    .insert(achievements)
    .values({ userId, ...values })
    .returning();
  return row!;
}

/** The owner's achievement; null for anyone else's. */
export async function findOwnAchievement(executor: Executor, { id, userId }: Owned) {
  const [row] = await executor
    .select()
    .from(achievements)
    .where(and(eq(achievements.id, id), eq(achievements.userId, userId)));
  return row ?? null;
}

/** The owner's achievement, locked for a change; null for anyone else's. */
export async function lockOwnAchievement(executor: Executor, { id, userId }: Owned) {
  const [row] = await executor
    .select()
    .from(achievements)
    .where(and(eq(achievements.id, id), eq(achievements.userId, userId)))
    .for('update');
  return row ?? null;
}

export async function updateOwnAchievement(
  executor: Executor,
  { id, userId }: Owned,
  patch: Partial<AchievementValues>,
): Promise<AchievementRow | null> {
  const [row] = await executor
    .update(achievements)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(achievements.id, id), eq(achievements.userId, userId)))
    .returning();
  return row ?? null;
}

export async function deleteOwnAchievement(
  executor: Executor,
  { id, userId }: Owned,
): Promise<AchievementRow | null> {
  const [row] = await executor
    .delete(achievements)
    .where(and(eq(achievements.id, id), eq(achievements.userId, userId)))
    .returning();
  return row ?? null;
}

/* -------------------------------------------------------------- experience */

export type ExperienceValues = Pick<
  typeof experiences.$inferInsert,
  | 'academyId'
  | 'academyName'
  | 'sport'
  | 'position'
  | 'startMonth'
  | 'startYear'
  | 'endMonth'
  | 'endYear'
  | 'isCurrent'
>;

const academy = alias(users, 'academy');

/**
 * Current entries first, then by start date, newest first (the home card shows the first entry's
 * position). A registered academy shows under its current name.
 */
export function listExperiences(executor: Executor, userId: string) {
  return executor
    .select({
      id: experiences.id,
      userId: experiences.userId,
      academyId: experiences.academyId,
      academyName: sql<string>`coalesce(${academy.username}, ${experiences.academyName})`,
      sport: experiences.sport,
      position: experiences.position,
      startMonth: experiences.startMonth,
      startYear: experiences.startYear,
      endMonth: experiences.endMonth,
      endYear: experiences.endYear,
      isCurrent: experiences.isCurrent,
      createdAt: experiences.createdAt,
    })
    .from(experiences)
    .leftJoin(academy, eq(academy.id, experiences.academyId))
    .where(eq(experiences.userId, userId))
    .orderBy(
      desc(experiences.isCurrent),
      desc(experiences.startYear),
      desc(experiences.startMonth),
      desc(experiences.createdAt),
      asc(experiences.id),
    );
}

export async function countExperiences(executor: Executor, userId: string) {
  const [row] = await executor
    .select({ n: count() })
    .from(experiences)
    .where(eq(experiences.userId, userId));
  return row?.n ?? 0;
}

export async function insertExperience(
  executor: Executor,
  userId: string,
  values: ExperienceValues,
): Promise<ExperienceRow> {
  const [row] = await executor
    .insert(experiences)
    .values({ userId, ...values })
    .returning();
  return row!;
}

/** The owner's entry; null for anyone else's. */
export async function findOwnExperience(executor: Executor, { id, userId }: Owned) {
  const [row] = await executor
    .select()
    .from(experiences)
    .where(and(eq(experiences.id, id), eq(experiences.userId, userId)));
  return row ?? null;
}

export async function updateOwnExperience(
  executor: Executor,
  { id, userId }: Owned,
  values: Partial<ExperienceValues>,
): Promise<ExperienceRow | null> {
  const [row] = await executor
    .update(experiences)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(experiences.id, id), eq(experiences.userId, userId)))
    .returning();
  return row ?? null;
}

export async function deleteOwnExperience(executor: Executor, { id, userId }: Owned) {
  const rows = await executor
    .delete(experiences)
    .where(and(eq(experiences.id, id), eq(experiences.userId, userId)))
    .returning({ id: experiences.id });
  return rows.length > 0;
}

/** An active academy account by id (experience entries may name one), or null. */
export async function findActiveAcademy(executor: Executor, id: string) {
  const [row] = await executor
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'academy'), eq(users.isActive, true)));
  return row ?? null;
}
