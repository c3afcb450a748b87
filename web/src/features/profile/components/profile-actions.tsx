import type { ProfileView } from '@touchline/shared';
import { MoreHorizontal } from 'lucide-react';
import { useRef, useState } from 'react';
import { useBlockUser } from '@/api/relationships/block-user';
import { useRelationship } from '@/api/relationships/get-relationship';
import { MessageButton } from '@/components/message-button';
import { RelationshipActions } from '@/components/relationship-actions';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useDismiss } from '@/components/ui/use-dismiss';
import { showNotice } from '@/lib/toast';
import { errorMessage } from '../lib/errors';

/** What the actions need: a full profile or a minor's limited card. */
type ActionTarget = Pick<ProfileView, 'user_id' | 'username' | 'role'>;

type ProfileActionsProps = {
  profile: ActionTarget;
  /** After a block: the page leaves the profile. */
  onBlocked: () => void;
};

/**
 * What the viewer can do with someone else's profile: 'Message' where it can work (the server
 * decides and explains a refusal), players befriend players and follow academies (the shared
 * `RelationshipActions`); anyone can block from the '⋯' menu.
 */
export function ProfileActions({ profile, onBlocked }: ProfileActionsProps) {
  const relationship = useRelationship(profile.user_id);
  return (
    <>
      <MessageButton
        variant="profile"
        userId={profile.user_id}
        name={profile.username}
        role={profile.role}
        relationship={relationship.data}
      />
      <RelationshipActions
        variant="profile"
        userId={profile.user_id}
        name={profile.username}
        role={profile.role}
        relationship={relationship.data}
      />
      <MoreMenu profile={profile} onBlocked={onBlocked} />
    </>
  );
}

function MoreMenu({ profile, onBlocked }: { profile: ActionTarget; onBlocked: () => void }) {
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const block = useBlockUser();
  useDismiss([trigger, menu], open, () => setOpen(false));

  return (
    <div className="relative">
      <button
        ref={trigger}
        type="button"
        aria-label="More actions"
        aria-haspopup="menu"
        aria-expanded={open}
        className="btn btn-secondary px-3"
        onClick={() => setOpen((value) => !value)}
      >
        <MoreHorizontal className="size-5" aria-hidden="true" />
      </button>
      {open ? (
        <div
          ref={menu}
          role="menu"
          className="absolute top-full right-0 z-20 mt-2 w-48 overflow-hidden rounded-xl border border-slate-200 bg-white py-1 text-sm shadow-lg"
        >
          <button
            type="button"
            role="menuitem"
            className="block w-full px-4 py-2 text-left font-medium text-red-600 hover:bg-red-50"
            onClick={() => {
              setOpen(false);
              setConfirming(true);
            }}
          >
            Block {profile.username}
          </button>
        </div>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={`Block ${profile.username}?`}
        description="They will not be able to see your profile, message you, comment on your posts or send you requests, and you will not see theirs. Any friendship or follow between you ends."
        confirmLabel="Block"
        busyLabel="Blocking…"
        confirmClassName="bg-red-600 text-white hover:bg-red-700"
        busy={block.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          block.mutate(profile.user_id, {
            onSuccess: () => {
              setConfirming(false);
              showNotice(`You blocked ${profile.username}`, 'success');
              onBlocked();
            },
            onError: (error) => {
              setConfirming(false);
              showNotice(errorMessage(error), 'error');
            },
          })
        }
      />
    </div>
  );
}
