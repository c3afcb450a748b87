import type { ProfileView } from '@touchline/shared';
import { Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { useFullProfile } from '@/api/profiles/get-profile';
import { SkeletonCard } from '@/components/skeleton';
import type { ButtonTone } from '@/components/ui/button';
import { Button } from '@/components/ui/button';
import { DeleteDialog } from '@/components/ui/delete-dialog';
import { homeFor } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { session } from '@/lib/session';
import { showNotice } from '@/lib/toast';
import { errorMessage } from '../lib/errors';
import { EmptyList, ListHeader } from './list-header';
import { ProfileUnavailable } from '@/components/profile-unavailable';

type Query<T> = { data: T | undefined; error: Error | null; isPending: boolean };

type RemoveMutation = {
  isPending: boolean;
  mutate: (
    id: string,
    options: { onSuccess: () => void; onError: (error: Error) => void; onSettled: () => void },
  ) => void;
};

/** Whose list to load: `null` for the viewer's own (their id in the address counts as own). */
function useListOwner(userId: string | null): string | null {
  const { user_id: me } = useSnapshot(session);
  return userId && userId === me ? null : userId;
}

/**
 * What a list page loads for `userId` (the address's, or null): whose list it is, their profile
 * (the header), the list from `useList` and the delete mutation from `useRemove`. Spread the
 * answer into `ProfileListScreen`.
 */
export function useProfileListData<T extends { id: string }>(
  userId: string | null,
  useList: (ownId: string | null) => Query<T[]>,
  useRemove: () => RemoveMutation,
) {
  const ownId = useListOwner(userId);
  const profile = useFullProfile(ownId);
  const list = useList(ownId);
  const remove = useRemove();
  return { ownId, profile, list, remove };
}

export type ListItemActions<T> = {
  isOwn: boolean;
  onEdit: (item: T) => void;
  onDelete: (item: T) => void;
};

type ProfileListScreenProps<T extends { id: string }> = {
  /** From `useProfileListData`, like `profile`, `list` and `remove`. */
  ownId: string | null;
  profile: Query<ProfileView>;
  list: Query<T[]>;
  remove: RemoveMutation;
  title: string;
  addLabel: string;
  /** The add button's colour; by default the viewer's (players green, academies indigo). */
  addTone?: ButtonTone;
  loading: { label: string; className?: string };
  empty: { icon: ReactNode; title: string; ownBody: string };
  /** The loaded, non-empty list. */
  renderList: (items: T[], actions: ListItemActions<T>) => ReactNode;
  /** The add/edit dialog: `item` null adds. */
  renderForm: (form: {
    open: boolean;
    item: T | null;
    onClose: () => void;
    tone: 'player' | 'academy';
  }) => ReactNode;
  deletion: { title: string; description: (item: T) => string; done: string };
};

/**
 * A list page of someone's profile (achievements, experience): header with the way back and, for
 * the owner, the add button; loading, error and empty states; the add/edit and delete dialogs.
 * A profile or list that does not exist shows the unavailable page.
 */
export function ProfileListScreen<T extends { id: string }>({
  ownId,
  profile,
  list,
  remove,
  title,
  addLabel,
  addTone,
  loading,
  empty,
  renderList,
  renderForm,
  deletion,
}: ProfileListScreenProps<T>) {
  const { role } = useSnapshot(session);
  const [editing, setEditing] = useState<T | null | 'new'>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const tone = role === 'academy' ? 'academy' : 'player';
  const isOwn = profile.data?.is_own ?? ownId === null;

  const notFound = [profile.error, list.error].some(
    (e) => e instanceof ApiError && e.status === 404,
  );
  if (notFound) return <ProfileUnavailable homeHref={homeFor(role)} />;

  return (
    <>
      <ListHeader
        title={title}
        profile={profile.data}
        action={
          isOwn ? (
            <Button tone={addTone ?? tone} onClick={() => setEditing('new')}>
              <Plus className="size-4" aria-hidden="true" />
              {addLabel}
            </Button>
          ) : null
        }
      />
      {list.isPending ? (
        <div className={loading.className} aria-busy="true" aria-label={loading.label}>
          <SkeletonCard />
        </div>
      ) : list.error ? (
        <p role="alert" className="card p-6 text-sm text-red-600">
          {errorMessage(list.error)}
        </p>
      ) : !list.data?.length ? (
        <EmptyList
          icon={empty.icon}
          title={empty.title}
          body={isOwn ? empty.ownBody : 'Nothing has been added here yet.'}
        />
      ) : (
        renderList(list.data, { isOwn, onEdit: setEditing, onDelete: setDeleting })
      )}
      {renderForm({
        open: editing !== null,
        item: editing === 'new' ? null : editing,
        onClose: () => setEditing(null),
        tone,
      })}
      <DeleteDialog
        open={deleting !== null}
        title={deletion.title}
        description={deleting ? deletion.description(deleting) : undefined}
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => showNotice(deletion.done, 'success'),
            onError: (error) => showNotice(errorMessage(error), 'error'),
            onSettled: () => setDeleting(null),
          })
        }
      />
    </>
  );
}
