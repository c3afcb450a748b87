import type { ProfileView, Role } from '@touchline/shared';
import { Check, MessageCircle, MoreHorizontal, UserMinus, UserPlus, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'wouter';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useDismiss } from '../../../components/ui/use-dismiss';
import { showNotice } from '../../../lib/toast';
import { useAcceptFriendRequest } from '../api/accept-friend-request';
import { useBlockUser } from '../api/block-user';
import { useCancelFriendRequest } from '../api/cancel-friend-request';
import { useDeclineFriendRequest } from '../api/decline-friend-request';
import { useFollowAcademy } from '../api/follow-academy';
import { useRelationship } from '../api/get-relationship';
import { useSendFriendRequest } from '../api/send-friend-request';
import { useUnfollowAcademy } from '../api/unfollow-academy';
import { useUnfriend } from '../api/unfriend';
import { errorMessage } from '../lib/errors';

type RelationshipActionsProps = {
  profile: ProfileView;
  viewerRole: Role;
  /** After a block: the page leaves the profile. */
  onBlocked: () => void;
};

/**
 * What the viewer can do with someone else's profile: players befriend players and follow
 * academies; anyone can block from the '⋯' menu.
 */
export function RelationshipActions({ profile, viewerRole, onBlocked }: RelationshipActionsProps) {
  const id = profile.user_id;
  const relationship = useRelationship(id);
  const tone = viewerRole === 'academy' ? 'academy' : 'player';
  const failed = (error: unknown) => showNotice(errorMessage(error), 'error');
  const send = useSendFriendRequest(id);
  const cancel = useCancelFriendRequest(id);
  const accept = useAcceptFriendRequest(id);
  const decline = useDeclineFriendRequest(id);
  const unfriend = useUnfriend(id);
  const follow = useFollowAcademy(id);
  const unfollow = useUnfollowAcademy(id);
  const [confirmUnfriend, setConfirmUnfriend] = useState(false);

  const data = relationship.data;
  let main = null;
  if (data && viewerRole === 'player' && profile.role === 'player') {
    switch (data.friend_status) {
      case 'none':
        main = (
          <Button
            tone={tone}
            loading={send.isPending}
            onClick={() => send.mutate(undefined, { onError: failed })}
          >
            <UserPlus className="size-4" aria-hidden="true" />
            Add friend
          </Button>
        );
        break;
      case 'request_sent':
        main = (
          <Button
            tone="secondary"
            loading={cancel.isPending}
            onClick={() => cancel.mutate(undefined, { onError: failed })}
          >
            <X className="size-4" aria-hidden="true" />
            Cancel request
          </Button>
        );
        break;
      case 'request_received':
        main = (
          <>
            <Button
              tone={tone}
              loading={accept.isPending}
              onClick={() => accept.mutate(undefined, { onError: failed })}
            >
              <Check className="size-4" aria-hidden="true" />
              Accept request
            </Button>
            <Button
              tone="secondary"
              loading={decline.isPending}
              onClick={() => decline.mutate(undefined, { onError: failed })}
            >
              <X className="size-4" aria-hidden="true" />
              Decline
            </Button>
          </>
        );
        break;
      case 'friends':
        main = (
          <>
            <Link href="/chat" className={`btn btn-${tone}`}>
              <MessageCircle className="size-4" aria-hidden="true" />
              Message
            </Link>
            <Button tone="secondary" onClick={() => setConfirmUnfriend(true)}>
              <UserMinus className="size-4" aria-hidden="true" />
              Unfriend
            </Button>
          </>
        );
        break;
      default:
        main = null;
    }
  } else if (data && viewerRole === 'player' && profile.role === 'academy') {
    main = data.is_following ? (
      <Button
        tone="secondary"
        loading={unfollow.isPending}
        aria-pressed="true"
        title="Unfollow"
        onClick={() => unfollow.mutate(undefined, { onError: failed })}
      >
        <Check className="size-4" aria-hidden="true" />
        Following
      </Button>
    ) : (
      <Button
        tone="academy"
        loading={follow.isPending}
        onClick={() => follow.mutate(undefined, { onError: failed })}
      >
        <UserPlus className="size-4" aria-hidden="true" />
        Follow
      </Button>
    );
  }

  return (
    <>
      {main}
      <MoreMenu profile={profile} onBlocked={onBlocked} />
      <ConfirmDialog
        open={confirmUnfriend}
        title={`Unfriend ${profile.username}?`}
        description="You will no longer be friends on Touchline. You can send a new request later."
        confirmLabel="Unfriend"
        busyLabel="Removing…"
        confirmClassName="bg-red-600 text-white hover:bg-red-700"
        busy={unfriend.isPending}
        onCancel={() => setConfirmUnfriend(false)}
        onConfirm={() =>
          unfriend.mutate(undefined, {
            onSuccess: () => setConfirmUnfriend(false),
            onError: (error) => {
              setConfirmUnfriend(false);
              failed(error);
            },
          })
        }
      />
    </>
  );
}

function MoreMenu({ profile, onBlocked }: { profile: ProfileView; onBlocked: () => void }) {
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const block = useBlockUser(profile.user_id);
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
          block.mutate(undefined, {
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
