import type { RelationshipView } from '@touchline/shared';
import { Check, Clock, UserCheck, UserMinus, UserPlus, X } from 'lucide-react';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { useAcceptFriendRequest } from '@/api/relationships/accept-friend-request';
import { useCancelFriendRequest } from '@/api/relationships/cancel-friend-request';
import { useDeclineFriendRequest } from '@/api/relationships/decline-friend-request';
import { useFollow } from '@/api/relationships/follow';
import { useSendFriendRequest } from '@/api/relationships/send-friend-request';
import { useUnfollow } from '@/api/relationships/unfollow';
import { useUnfriend } from '@/api/relationships/unfriend';
import { session } from '@/lib/session';
import { showNotice } from '@/lib/toast';
import { Button } from './ui/button';
import { ConfirmDialog } from './ui/confirm-dialog';

export type RelationshipActionsProps = {
  userId: string;
  name: string;
  /** The other person's role: players are befriended, academies followed; others get nothing. */
  role: string;
  relationship: RelationshipView | null | undefined;
  /**
   * `row`: one compact button in a list (the name in its accessible label, 'Friends' as a badge);
   * `profile`: the profile header's set (Accept and Decline, Unfriend; 'Message' is the shared
   * `MessageButton`, shown beside it).
   */
  variant: 'row' | 'profile';
};

/**
 * What the signed-in player can do with someone (supplement §9): Add friend, Cancel request,
 * Accept, or Friends with a player; Follow or Following (a toggle) with an academy. Only players
 * make friends and follow, so anyone else sees nothing. The new state shows as soon as the server
 * agrees; the change then refreshes every screen that shows the relationship.
 */
export function RelationshipActions(props: RelationshipActionsProps) {
  const { role: viewerRole } = useSnapshot(session);
  if (viewerRole !== 'player' || !props.relationship) return null;
  if (props.role !== 'player' && props.role !== 'academy') return null;
  // A new answer from the server resets the local state.
  const { friend_status, is_following } = props.relationship;
  return <Actions key={`${friend_status}-${is_following}`} {...props} />;
}

function Actions({ userId, name, role, relationship, variant }: RelationshipActionsProps) {
  const [state, setState] = useState(relationship as RelationshipView);
  const [confirmUnfriend, setConfirmUnfriend] = useState(false);
  const send = useSendFriendRequest();
  const cancel = useCancelFriendRequest();
  const accept = useAcceptFriendRequest();
  const decline = useDeclineFriendRequest();
  const unfriend = useUnfriend();
  const follow = useFollow();
  const unfollow = useUnfollow();
  const row = variant === 'row';
  const small = row ? 'px-3 py-2' : undefined;
  const label = (text: string) => (row ? text : undefined);
  const onError = (error: Error) =>
    showNotice(error.message || 'Something went wrong, try again', 'error');
  const change = (next: Partial<RelationshipView>) => () => setState({ ...state, ...next });

  if (role === 'academy') {
    return state.is_following ? (
      <Button
        tone="secondary"
        className={small}
        aria-pressed="true"
        title={row ? undefined : 'Unfollow'}
        loading={unfollow.isPending}
        aria-label={label(`Following ${name}`)}
        onClick={() =>
          unfollow.mutate(userId, { onSuccess: change({ is_following: false }), onError })
        }
      >
        <Check aria-hidden="true" className="size-4" />
        Following
      </Button>
    ) : (
      <Button
        tone="academy"
        className={small}
        aria-pressed={row ? 'false' : undefined}
        loading={follow.isPending}
        aria-label={label(`Follow ${name}`)}
        onClick={() =>
          follow.mutate(userId, { onSuccess: change({ is_following: true }), onError })
        }
      >
        <UserPlus aria-hidden="true" className="size-4" />
        Follow
      </Button>
    );
  }

  switch (state.friend_status) {
    case 'none':
      return (
        <Button
          className={small}
          loading={send.isPending}
          aria-label={label(`Add ${name} as a friend`)}
          onClick={() =>
            send.mutate(userId, {
              onSuccess: ({ status }) =>
                setState({
                  ...state,
                  friend_status: status === 'friends' ? 'friends' : 'request_sent',
                }),
              onError,
            })
          }
        >
          <UserPlus aria-hidden="true" className="size-4" />
          Add friend
        </Button>
      );
    case 'request_sent':
      return (
        <Button
          tone="secondary"
          className={small}
          loading={cancel.isPending}
          aria-label={label(`Cancel friend request to ${name}`)}
          onClick={() =>
            cancel.mutate(userId, { onSuccess: change({ friend_status: 'none' }), onError })
          }
        >
          {row ? (
            <Clock aria-hidden="true" className="size-4" />
          ) : (
            <X aria-hidden="true" className="size-4" />
          )}
          Cancel request
        </Button>
      );
    case 'request_received':
      return (
        <>
          <Button
            className={small}
            loading={accept.isPending}
            aria-label={label(`Accept ${name}'s friend request`)}
            onClick={() =>
              accept.mutate(userId, { onSuccess: change({ friend_status: 'friends' }), onError })
            }
          >
            <Check aria-hidden="true" className="size-4" />
            {row ? 'Accept' : 'Accept request'}
          </Button>
          {row ? null : (
            <Button
              tone="secondary"
              loading={decline.isPending}
              onClick={() =>
                decline.mutate(userId, { onSuccess: change({ friend_status: 'none' }), onError })
              }
            >
              <X aria-hidden="true" className="size-4" />
              Decline
            </Button>
          )}
        </>
      );
    case 'friends':
      if (row) {
        return (
          <span className="inline-flex items-center gap-1.5 rounded-lg bg-brand-50 px-3 py-2 text-sm font-semibold text-brand-700">
            <UserCheck aria-hidden="true" className="size-4" />
            Friends
          </span>
        );
      }
      return (
        <>
          <Button tone="secondary" onClick={() => setConfirmUnfriend(true)}>
            <UserMinus className="size-4" aria-hidden="true" />
            Unfriend
          </Button>
          <ConfirmDialog
            open={confirmUnfriend}
            title={`Unfriend ${name}?`}
            description="You will no longer be friends on Touchline. You can send a new request later."
            confirmLabel="Unfriend"
            busyLabel="Removing…"
            confirmClassName="bg-red-600 text-white hover:bg-red-700"
            busy={unfriend.isPending}
            onCancel={() => setConfirmUnfriend(false)}
            onConfirm={() =>
              unfriend.mutate(userId, {
                onSuccess: () => {
                  setConfirmUnfriend(false);
                  setState({ ...state, friend_status: 'none' });
                },
                onError: (error) => {
                  setConfirmUnfriend(false);
                  onError(error);
                },
              })
            }
          />
        </>
      );
    default:
      return null;
  }
}
