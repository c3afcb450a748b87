import type { Experience } from '@touchline/shared';
import { History } from 'lucide-react';
import { Link } from 'wouter';
import { EditDeleteButtons } from '@/components/ui/edit-delete-buttons';
import { useDeleteExperience } from '../api/delete-experience';
import { useExperiences } from '../api/get-experiences';
import { capitalize, period } from '../lib/format';
import { positionLabel } from '../lib/positions';
import { ExperienceFormDialog } from './experience-form-dialog';
import { ProfileListScreen, useProfileListData } from './profile-list-screen';
import { profilePath } from '@/config/paths';

/** `/view_experience`: a player's academies and teams as a timeline, current first. */
export function ExperienceScreen({ userId }: { userId: string | null }) {
  const data = useProfileListData(userId, useExperiences, useDeleteExperience);
  return (
    <ProfileListScreen
      {...data}
      title="Experience"
      addLabel="Add experience"
      addTone="player"
      loading={{ label: 'Loading experience' }}
      empty={{
        icon: <History className="size-6" aria-hidden="true" />,
        title: 'No experience yet',
        ownBody: 'Add the academies and teams you have played for, with your position and dates.',
      }}
      renderList={(items, { isOwn, onEdit, onDelete }) => (
        <ol className="card relative px-5 py-6 sm:px-7" aria-label="Experience">
          {items.map((entry, index) => (
            <TimelineItem
              key={entry.id}
              entry={entry}
              last={index === items.length - 1}
              isOwn={isOwn}
              onEdit={() => onEdit(entry)}
              onDelete={() => onDelete(entry)}
            />
          ))}
        </ol>
      )}
      renderForm={({ open, item, onClose }) => (
        <ExperienceFormDialog open={open} entry={item} onClose={onClose} />
      )}
      deletion={{
        title: 'Delete this experience?',
        description: (entry) => `${entry.academy_name} will be removed from your profile.`,
        done: 'Experience deleted',
      }}
    />
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
                  href={profilePath(entry.academy_id, 'academy')}
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
