import type { Achievement } from '@touchline/shared';
import { Award } from 'lucide-react';
import { EditDeleteButtons } from '@/components/ui/edit-delete-buttons';
import { useDeleteAchievement } from '../api/delete-achievement';
import { useAchievements } from '../api/get-achievements';
import { monthYear } from '../lib/format';
import { AchievementFormDialog } from './achievement-form-dialog';
import { ProfileListScreen, useProfileListData } from './profile-list-screen';
import { IMAGE_WIDTHS, mediaSrcSet } from '@/components/ui/media-srcset';

/** `/view_achievements`: cards of someone's achievements; the owner adds, edits and deletes. */
export function AchievementsScreen({ userId }: { userId: string | null }) {
  const data = useProfileListData(userId, useAchievements, useDeleteAchievement);
  return (
    <ProfileListScreen
      {...data}
      title="Achievements"
      addLabel="Add achievement"
      loading={{ label: 'Loading achievements', className: 'space-y-4' }}
      empty={{
        icon: <Award className="size-6" aria-hidden="true" />,
        title: 'No achievements yet',
        ownBody: 'Add trophies, awards and call-ups so academies can see what you have done.',
      }}
      renderList={(items, { isOwn, onEdit, onDelete }) => (
        <ul className="space-y-4" aria-label="Achievements">
          {items.map((achievement) => (
            <li key={achievement.id}>
              <AchievementCard
                achievement={achievement}
                isOwn={isOwn}
                onEdit={() => onEdit(achievement)}
                onDelete={() => onDelete(achievement)}
              />
            </li>
          ))}
        </ul>
      )}
      renderForm={({ open, item, onClose, tone }) => (
        <AchievementFormDialog open={open} achievement={item} onClose={onClose} tone={tone} />
      )}
      deletion={{
        title: 'Delete this achievement?',
        description: (achievement) => `“${achievement.title}” will be removed from your profile.`,
        done: 'Achievement deleted',
      }}
    />
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
          srcSet={mediaSrcSet(achievement.image, IMAGE_WIDTHS.achievement)}
          sizes="(min-width: 640px) 192px, 100vw"
          alt=""
          loading="lazy"
          decoding="async"
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
