import type { AchievementRow, ExperienceRow, ProfileDetails } from '@touchline/db/profiles';
import {
  ageBandOf,
  ageOn,
  type Achievement,
  type Experience,
  type LimitedProfile,
  type ProfileView,
} from '@touchline/shared';

export type ProfileCounts = {
  friends: number;
  followers: number;
  posts: number;
  achievements: number;
};

/**
 * The profile as the viewer may see it. Private fields (e-mail, phone, exact date of birth) are
 * added only for the owner and administrators; everyone sees a player's age instead.
 */
export function toProfileView(
  details: ProfileDetails,
  context: {
    viewerId: string;
    viewerIsAdmin: boolean;
    today: string;
    counts: ProfileCounts;
    profilePhoto: string | null;
    coverPhoto: string | null;
    /** A player's shared trial measurements (decision 51). */
    measured?: ProfileView['measured'];
  },
): ProfileView {
  const isOwn = context.viewerId === details.id;
  const isPlayer = details.role === 'player';
  const isAcademy = details.role === 'academy';
  const view: ProfileView = {
    limited: false,
    measured: context.measured ?? null,
    user_id: details.id,
    username: details.username,
    role: details.role,
    bio: details.bio,
    about: details.about,
    profile_photo: context.profilePhoto,
    cover_photo: context.coverPhoto,
    state: details.state,
    district: details.district,
    sports: details.sports,
    open_to_work: isPlayer && (details.openToWork ?? false),
    position: details.position,
    height_cm: details.heightCm,
    weight_kg: details.weightKg,
    preferred_side: details.preferredSide,
    age: isPlayer && details.dob ? ageOn(details.dob, context.today) : null,
    established_on: isAcademy ? details.establishedOn : null,
    is_verified: isAcademy && details.academyStatus === 'verified',
    post_count: context.counts.posts,
    achievements_count: context.counts.achievements,
    is_own: isOwn,
  };
  if (isAcademy) view.followers_count = context.counts.followers;
  else view.friends_count = context.counts.friends;
  if (isOwn || context.viewerIsAdmin) {
    view.email = details.email;
    view.phone = details.phone;
    view.dob = details.dob;
  }
  return view;
}

/**
 * A minor's card for someone outside their circle (supplement §13): name, photo, sports, state
 * and an age band; no counts, measurables or private fields.
 */
export function toLimitedProfile(
  details: ProfileDetails,
  context: { today: string; profilePhoto: string | null },
): LimitedProfile {
  return {
    limited: true,
    user_id: details.id,
    username: details.username,
    role: 'player',
    profile_photo: context.profilePhoto,
    state: details.state,
    sports: details.sports,
    age_band: details.dob ? ageBandOf(ageOn(details.dob, context.today)) : null,
    is_own: false,
  };
}

export function toAchievement(row: AchievementRow, image: string | null): Achievement {
  return {
    id: row.id,
    user_id: row.userId,
    title: row.title,
    organisation: row.organisation,
    issued_month: row.issuedMonth,
    issued_year: row.issuedYear,
    description: row.description,
    image,
    created_at: row.createdAt.toISOString(),
  };
}

export function toExperience(
  row: Pick<
    ExperienceRow,
    | 'id'
    | 'userId'
    | 'academyId'
    | 'academyName'
    | 'sport'
    | 'position'
    | 'startMonth'
    | 'startYear'
    | 'endMonth'
    | 'endYear'
    | 'isCurrent'
    | 'createdAt'
  >,
): Experience {
  return {
    id: row.id,
    user_id: row.userId,
    academy_id: row.academyId,
    academy_name: row.academyName,
    sport: row.sport,
    position: row.position,
    start_month: row.startMonth,
    start_year: row.startYear,
    end_month: row.endMonth,
    end_year: row.endYear,
    is_current: row.isCurrent,
    created_at: row.createdAt.toISOString(),
  };
}
