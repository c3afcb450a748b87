import type { Achievement } from '@touchline/shared';
import { Award, Plus } from 'lucide-react';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { SkeletonCard } from '../../../components/skeleton';
import { Button } from '../../../components/ui/button';
import { DeleteDialog } from '../../../components/ui/delete-dialog';
import { EditDeleteButtons } from '../../../components/ui/edit-delete-buttons';
import { homeFor } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { session } from '../../../lib/session';
import { showNotice } from '../../../lib/toast';
import { useDeleteAchievement } from '../api/delete-achievement';
import { useAchievements } from '../api/get-achievements';
import { useProfile } from '../api/get-profile';
import { errorMessage } from '../lib/errors';
import { monthYear } from '../lib/format';
import { AchievementFormDialog } from './achievement-form-dialog';
import { EmptyList, ListHeader } from './list-header';
import { ProfileUnavailable } from './profile-unavailable';

/** `/view_achievements`: cards of someone's achievements; the owner adds, edits and deletes. */
export function AchievementsScreen({ userId }: { userId: string | null }) {
  const { role, user_id: me } = useSnapshot(session);
  const ownId = userId && userId === me ? null : userId;
  const profile = useProfile(ownId);
  const list = useAchievements(ownId);
  const remove = useDeleteAchievement();
  const [editing, setEditing] = useState<Achievement | null | 'new'>(null);
  const [deleting, setDeleting] = useState<Achievement | null>(null);
  const tone = role === 'academy' ? 'academy' : 'player';
  const isOwn = profile.data?.is_own ?? ownId === null;

  const notFound = [profile.error, list.error].some(
    (e) => e instanceof ApiError && e.status === 404,
  );
  if (notFound) return <ProfileUnavailable homeHref={homeFor(role)} />;

  return (
    <>
      <ListHeader
        title="Achievements"
        profile={profile.data}
        action={
          isOwn ? (
            <Button tone={tone} onClick={() => setEditing('new')}>
              <Plus className="size-4" aria-hidden="true" />
              Add achievement
            </Button>
          ) : null
        }
      />
      {list.isPending ? (
        <div className="space-y-4" aria-busy="true" aria-label="Loading achievements">
          <SkeletonCard />
        </div>
      ) : list.error ? (
        <p role="alert" className="card p-6 text-sm text-red-600">
          {errorMessage(list.error)}
        </p>
      ) : list.data.length === 0 ? (
        <EmptyList
          icon={<Award className="size-6" aria-hidden="true" />}
          title="No achievements yet"
          body={
            isOwn
              ? 'Add trophies, awards and call-ups so academies can see what you have done.'
              : 'Nothing has been added here yet.'
          }
        />
      ) : (
        <ul className="space-y-4" aria-label="Achievements">
          {list.data.map((achievement) => (
            <li key={achievement.id}>
              <AchievementCard
                achievement={achievement}
                isOwn={isOwn}
                onEdit={() => setEditing(achievement)}
                onDelete={() => setDeleting(achievement)}
              />
            </li>
          ))}
        </ul>
      )}
      <AchievementFormDialog
        open={editing !== null}
        achievement={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
        tone={tone}
      />
      <DeleteDialog
        open={deleting !== null}
        title="Delete this achievement?"
        description={
          deleting ? `“${deleting.title}” will be removed from your profile.` : undefined
        }
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => showNotice('Achievement deleted', 'success'),
            onError: (error) => showNotice(errorMessage(error), 'error'),
            onSettled: () => setDeleting(null),
          })
        }
      />
    </>
  );
}

function AchievementCard({
  achievement,
  isOwn,
  onEdit,
  onDelete,
}: {
  achievement: Achievement;
  isOwn: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <article
      className="card flex flex-col overflow-hidden sm:flex-row"
      aria-label={achievement.title}
    >
      {achievement.image ? (
        <img
          src={achievement.image}
          alt=""
          className="aspect-[16/9] w-full object-cover sm:aspect-auto sm:w-48 sm:shrink-0"
        />
      ) : null}
      <div className="flex min-w-0 flex-1 gap-4 p-5">
        {achievement.image ? null : (
          <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-amber-50 text-amber-600 ring-1 ring-amber-100">
            <Award className="size-5" aria-hidden="true" />
          </span>
        )}
        <div className="min-w-0 flex-1">
          <h2 className="font-semibold text-slate-900">{achievement.title}</h2>
          <p className="text-sm text-slate-600">
            {[
              achievement.organisation,
              monthYear(achievement.issued_month, achievement.issued_year),
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
          {achievement.description ? (
            <p className="mt-2 text-sm leading-relaxed whitespace-pre-line text-slate-700">
              {achievement.description}
            </p>
          ) : null}
        </div>
        {isOwn ? (
          <EditDeleteButtons name={achievement.title} onEdit={onEdit} onDelete={onDelete} />
        ) : null}
      </div>
    </article>
  );
}
