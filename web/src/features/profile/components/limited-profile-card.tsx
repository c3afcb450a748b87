import type { LimitedProfile } from '@touchline/shared';
import { Lock, MapPin } from 'lucide-react';
import type { ReactNode } from 'react';
import { ACCENTS } from '@/components/layout/role-accent';
import { UserAvatar } from '@/components/ui/user-avatar';
import { SportChips } from './sport-chips';

/** What the age band means, for screen readers and the tooltip. */
const AGE_BAND_TITLES: Record<NonNullable<LimitedProfile['age_band']>, string> = {
  U13: 'Under 13',
  U15: 'Under 15',
  U17: 'Under 18',
};

/**
 * A young player's card as someone outside their circle sees it (supplement §13): name, photo,
 * age band, state and sports, and why there is nothing more.
 */
export function LimitedProfileCard({
  profile,
  actions,
}: {
  profile: LimitedProfile;
  /** Relationship actions (a player of the same age group may still add them). */
  actions: ReactNode;
}) {
  const accent = ACCENTS.player;
  return (
    <section
      className="card mx-auto max-w-xl overflow-hidden"
      aria-labelledby="profile-name"
      data-testid="limited-profile"
    >
      <div className={`h-24 bg-gradient-to-r sm:h-28 ${accent.gradient}`} aria-hidden="true" />
      <div className="px-5 pb-6 sm:px-7">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <UserAvatar
            src={profile.profile_photo}
            alt={`${profile.username}’s profile photo`}
            className="-mt-12 size-24 ring-4 ring-white sm:size-28"
          />
          <div className="flex flex-wrap items-center gap-2 pt-3">{actions}</div>
        </div>
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <h1 id="profile-name" className="text-2xl font-bold tracking-tight text-slate-900">
            {profile.username}
          </h1>
          {profile.age_band ? (
            <span
              className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${accent.tile}`}
              title={AGE_BAND_TITLES[profile.age_band]}
            >
              <span aria-hidden="true">{profile.age_band}</span>
              <span className="sr-only">Age group: {AGE_BAND_TITLES[profile.age_band]}</span>
            </span>
          ) : null}
        </div>
        <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-600">
          {profile.state ? (
            <span className="inline-flex items-center gap-1">
              <MapPin className="size-4 text-slate-400" aria-hidden="true" />
              {profile.state}
            </span>
          ) : null}
          <SportChips sports={profile.sports} />
        </div>
        <div className="mt-6 flex gap-3 rounded-xl bg-slate-50 p-4 text-sm text-slate-600 ring-1 ring-slate-200">
          <Lock className="mt-0.5 size-5 shrink-0 text-slate-400" aria-hidden="true" />
          <p>
            <span className="font-semibold text-slate-800">
              This profile is visible to friends and academies only.
            </span>{' '}
            Touchline keeps young players’ posts, achievements and details within their circle.
          </p>
        </div>
      </div>
    </section>
  );
}
