import { Pencil } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { Skeleton } from '@/components/skeleton';
import { Button } from '@/components/ui/button';
import { homeFor } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { preloadLocations } from '@/lib/locations';
import { session } from '@/lib/session';
import { useProfile } from '@/api/profiles/get-profile';
import { profilePath } from '../lib/format';
import { EditProfileDialog } from './edit-profile-dialog';
import { LimitedProfileCard } from './limited-profile-card';
import { ProfileDetails } from './profile-details';
import { ProfileHeader } from './profile-header';
import { ProfileUnavailable } from '@/components/profile-unavailable';
import { ProfileActions } from './profile-actions';

type ProfileScreenProps = {
  /** Whose profile: null for the caller's own. */
  userId: string | null;
  /** The route's area: `/profile` shows players, `/academy/profile` academies. */
  area: 'player' | 'academy';
};

/**
 * `/profile/{userId?}` and `/academy/profile/{userId?}`. A profile opened under the other
 * role's path moves (history replaced) to the right one, using the role in the answer.
 */
export function ProfileScreen({ userId, area }: ProfileScreenProps) {
  const { role, user_id: me } = useSnapshot(session);
  const ownId = userId && userId === me ? null : userId;
  const profile = useProfile(ownId);
  const [, navigate] = useLocation();
  const [editing, setEditing] = useState(false);
  const data = profile.data;

  useEffect(() => {
    if (data && data.role !== area && data.role !== 'admin')
      navigate(profilePath(data.role, ownId), { replace: true });
  }, [data, area, ownId, navigate]);

  if (profile.error) {
    if (profile.error instanceof ApiError && profile.error.status === 404)
      return <ProfileUnavailable homeHref={homeFor(role)} />;
    return (
      <div role="alert" className="card mx-auto max-w-lg p-8 text-center">
        <p className="font-semibold text-slate-900">We could not load this profile.</p>
        <Button tone="secondary" className="mt-4" onClick={() => void profile.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (!data || data.role !== area) return <ProfileSkeleton />;

  const onBlocked = () => navigate(homeFor(role), { replace: true });
  if (data.limited) {
    return (
      <LimitedProfileCard
        profile={data}
        actions={
          role === 'player' || role === 'academy' ? (
            <ProfileActions profile={data} onBlocked={onBlocked} />
          ) : null
        }
      />
    );
  }

  const tone = role === 'academy' ? 'academy' : 'player';
  const actions = data.is_own ? (
    <Button
      tone={tone}
      // The form's state/LGA table starts loading as the button is pointed at or pressed.
      onPointerEnter={preloadLocations}
      onPointerDown={preloadLocations}
      onFocus={preloadLocations}
      onClick={() => setEditing(true)}
    >
      <Pencil className="size-4" aria-hidden="true" />
      Edit profile
    </Button>
  ) : role === 'player' || role === 'academy' ? (
    <ProfileActions profile={data} onBlocked={onBlocked} />
  ) : null;

  return (
    <>
      <ProfileHeader profile={data} actions={actions} />
      <ProfileDetails profile={data} />
      {data.is_own ? (
        <EditProfileDialog open={editing} onClose={() => setEditing(false)} profile={data} />
      ) : null}
    </>
  );
}

function ProfileSkeleton() {
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label="Loading profile"
      className="card overflow-hidden"
    >
      <Skeleton className="aspect-[3/1] w-full" rounded="rounded-none" />
      <div className="space-y-3 p-6">
        <Skeleton className="-mt-16 size-28 ring-4 ring-white" rounded="rounded-full" />
        <Skeleton className="h-6 w-48" />
        <Skeleton className="h-4 w-72" />
        <Skeleton className="h-16 w-full" />
      </div>
    </div>
  );
}
