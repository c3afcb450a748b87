import type { Experience } from '@touchline/shared';
import { History, Plus } from 'lucide-react';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { SkeletonCard } from '../../../components/skeleton';
import { Button } from '../../../components/ui/button';
import { DeleteDialog } from '../../../components/ui/delete-dialog';
import { EditDeleteButtons } from '../../../components/ui/edit-delete-buttons';
import { homeFor } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { session } from '../../../lib/session';
import { showNotice } from '../../../lib/toast';
import { useDeleteExperience } from '../api/delete-experience';
import { useExperiences } from '../api/get-experiences';
import { useProfile } from '../api/get-profile';
import { errorMessage } from '../lib/errors';
import { capitalize, period } from '../lib/format';
import { positionLabel } from '../lib/positions';
import { ExperienceFormDialog } from './experience-form-dialog';
import { EmptyList, ListHeader } from './list-header';
import { ProfileUnavailable } from './profile-unavailable';

/** `/view_experience`: a player's academies and teams as a timeline, current first. */
export function ExperienceScreen({ userId }: { userId: string | null }) {
  const { role, user_id: me } = useSnapshot(session);
  const ownId = userId && userId === me ? null : userId;
  const profile = useProfile(ownId);
  const list = useExperiences(ownId);
  const remove = useDeleteExperience();
  const [editing, setEditing] = useState<Experience | null | 'new'>(null);
  const [deleting, setDeleting] = useState<Experience | null>(null);
  const isOwn = profile.data?.is_own ?? ownId === null;

  const notFound = [profile.error, list.error].some(
    (e) => e instanceof ApiError && e.status === 404,
  );
  if (notFound) return <ProfileUnavailable homeHref={homeFor(role)} />;

  return (
    <>
      <ListHeader
        title="Experience"
        profile={profile.data}
        action={
          isOwn ? (
            <Button onClick={() => setEditing('new')}>
              <Plus className="size-4" aria-hidden="true" />
              Add experience
            </Button>
          ) : null
        }
      />
      {list.isPending ? (
        <div aria-busy="true" aria-label="Loading experience">
          <SkeletonCard />
        </div>
      ) : list.error ? (
        <p role="alert" className="card p-6 text-sm text-red-600">
          {errorMessage(list.error)}
        </p>
      ) : list.data.length === 0 ? (
        <EmptyList
          icon={<History className="size-6" aria-hidden="true" />}
          title="No experience yet"
          body={
            isOwn
              ? 'Add the academies and teams you have played for, with your position and dates.'
              : 'Nothing has been added here yet.'
          }
        />
      ) : (
        <ol className="card relative px-5 py-6 sm:px-7" aria-label="Experience">
          {list.data.map((entry, index) => (
            <TimelineItem
              key={entry.id}
              entry={entry}
              last={index === list.data.length - 1}
              isOwn={isOwn}
              onEdit={() => setEditing(entry)}
              onDelete={() => setDeleting(entry)}
            />
          ))}
        </ol>
      )}
      <ExperienceFormDialog
        open={editing !== null}
        entry={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
      />
      <DeleteDialog
        open={deleting !== null}
        title="Delete this experience?"
        description={
          deleting ? `${deleting.academy_name} will be removed from your profile.` : undefined
        }
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => showNotice('Experience deleted', 'success'),
            onError: (error) => showNotice(errorMessage(error), 'error'),
            onSettled: () => setDeleting(null),
          })
        }
      />
    </>
  );
}

function TimelineItem({
  entry,
  last,
  isOwn,
  onEdit,
  onDelete,
}: {
  entry: Experience;
  last: boolean;
  isOwn: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <li className="relative flex gap-4 pb-6 last:pb-0" aria-label={entry.academy_name}>
      <div className="relative flex flex-col items-center">
        <span
          className={`mt-1 size-3.5 shrink-0 rounded-full ring-4 ${entry.is_current ? 'bg-brand-600 ring-brand-100' : 'bg-slate-300 ring-slate-100'}`}
          aria-hidden="true"
        />
        {last ? null : <span className="mt-1 w-px flex-1 bg-slate-200" aria-hidden="true" />}
      </div>
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 className="font-semibold text-slate-900">
              {entry.academy_id ? (
                <Link
                  href={`/academy/profile/${entry.academy_id}`}
                  className="text-academy-700 hover:underline"
                >
                  {entry.academy_name}
                </Link>
              ) : (
                entry.academy_name
              )}
            </h2>
            <p className="text-sm text-slate-700">
              {capitalize(entry.sport)} · {positionLabel(entry.position)}
            </p>
            <p className="mt-0.5 text-sm text-slate-500">
              {period(entry)}
              {entry.is_current ? (
                <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700">
                  Current
                </span>
              ) : null}
            </p>
          </div>
          {isOwn ? (
            <EditDeleteButtons name={entry.academy_name} onEdit={onEdit} onDelete={onDelete} />
          ) : null}
        </div>
      </div>
    </li>
  );
}
