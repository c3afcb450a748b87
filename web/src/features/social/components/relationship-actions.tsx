import type { RelationshipView } from '@touchline/shared';
import { Check, Clock, UserCheck, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { Button } from '../../../components/ui/button';
import { session } from '../../../lib/session';
import { showNotice } from '../../../lib/toast';
import { useAcceptFriendRequest } from '../api/accept-friend-request';
import { useCancelFriendRequest } from '../api/cancel-friend-request';
import { useFollow } from '../api/follow';
import { useSendFriendRequest } from '../api/send-friend-request';
import { useUnfollow } from '../api/unfollow';
import type { SocialMutationOptions } from '../api/use-social-mutation';

export type RelationshipActionsProps = SocialMutationOptions & {
  id: string;
  name: string;
  type: 'Player' | 'Academy' | 'Trial';
  relationship: RelationshipView | null;
};

/**
 * The fitting action for a person in a list (supplement §9): a player gets Add friend, Cancel
 * request, Accept or Friends; an academy Follow or Following (a toggle). Only players make
 * friends and follow, so an academy sees no action here. The new state shows as soon as the
 * server agrees; `onSettled` lets the list refresh itself.
 */
export function RelationshipActions(props: RelationshipActionsProps) {
  const { role } = useSnapshot(session);
  if (role !== 'player' || !props.relationship || props.type === 'Trial') return null;
  // A new answer from the server resets the local state.
  const { friend_status, is_following } = props.relationship;
  return <Actions key={`${friend_status}-${is_following}`} {...props} />;
}

function Actions({ id, name, type, relationship, onSettled }: RelationshipActionsProps) {
  const [state, setState] = useState(relationship as RelationshipView);
  const options = { onSettled };
  const send = useSendFriendRequest(options);
  const cancel = useCancelFriendRequest(options);
  const accept = useAcceptFriendRequest(options);
  const follow = useFollow(options);
  const unfollow = useUnfollow(options);
  const onError = (error: Error) => showNotice(error.message, 'error');
  const small = 'px-3 py-2';

  if (type === 'Academy') {
    return state.is_following ? (
      <Button
        tone="secondary"
        className={small}
        aria-pressed="true"
        loading={unfollow.isPending}
        aria-label={`Following ${name}`}
        onClick={() =>
          unfollow.mutate(id, {
            onSuccess: () => setState({ ...state, is_following: false }),
            onError,
          })
        }
      >
        <Check aria-hidden="true" className="size-4" />
        Following
      </Button>
    ) : (
      <Button
        tone="academy"
        className={small}
        aria-pressed="false"
        loading={follow.isPending}
        aria-label={`Follow ${name}`}
        onClick={() =>
          follow.mutate(id, {
            onSuccess: () => setState({ ...state, is_following: true }),
            onError,
          })
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
          aria-label={`Add ${name} as a friend`}
          onClick={() =>
            send.mutate(id, {
              onSuccess: (answer) => {
                const status = (answer as { status?: string } | undefined)?.status;
                setState({
                  ...state,
                  friend_status: status === 'friends' ? 'friends' : 'request_sent',
                });
              },
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
          aria-label={`Cancel friend request to ${name}`}
          onClick={() =>
            cancel.mutate(id, {
              onSuccess: () => setState({ ...state, friend_status: 'none' }),
              onError,
            })
          }
        >
          <Clock aria-hidden="true" className="size-4" />
          Cancel request
        </Button>
      );
    case 'request_received':
      return (
        <Button
          className={small}
          loading={accept.isPending}
          aria-label={`Accept ${name}'s friend request`}
          onClick={() =>
            accept.mutate(id, {
              onSuccess: () => setState({ ...state, friend_status: 'friends' }),
              onError,
            })
          }
        >
          <Check aria-hidden="true" className="size-4" />
          Accept
        </Button>
      );
    case 'friends':
      return (
        <span className="inline-flex items-center gap-1.5 rounded-lg bg-brand-50 px-3 py-2 text-sm font-semibold text-brand-700">
          <UserCheck aria-hidden="true" className="size-4" />
          Friends
        </span>
      );
    default:
      return null;
  }
}
