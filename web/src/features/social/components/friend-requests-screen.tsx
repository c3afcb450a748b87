import { Check, Inbox, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { showNotice } from '@/lib/toast';
import { useAcceptFriendRequest } from '@/api/relationships/accept-friend-request';
import { useDeclineFriendRequest } from '@/api/relationships/decline-friend-request';
import { useFriendRequests } from '../api/get-friend-requests';
import { PeopleScreen, showRowError } from './people-list';

/** /friend_request_list: requests I received, each with Accept and Decline. */
export function FriendRequestsScreen() {
  const requests = useFriendRequests();
  const accept = useAcceptFriendRequest();
  const decline = useDeclineFriendRequest();

  return (
    <PeopleScreen
      title="Friend requests"
      intro="Players who would like to be your friend."
      query={requests}
      label="Friend requests"
      empty={{
        icon: Inbox,
        title: 'No friend requests',
        text: 'When a player asks to be your friend, you will find it here.',
      }}
      actions={(person) => (
        <>
          <Button
            tone="player"
            className="px-3 py-2"
            aria-label={`Accept ${person.username}`}
            onClick={() =>
              accept.mutate(person.id, {
                onSuccess: () =>
                  showNotice(`You and ${person.username} are now friends`, 'success'),
                onError: showRowError,
              })
            }
          >
            <Check aria-hidden="true" className="size-4" />
            Accept
          </Button>
          <Button
            tone="secondary"
            className="px-3 py-2"
            aria-label={`Decline ${person.username}`}
            onClick={() => decline.mutate(person.id, { onError: showRowError })}
          >
            <X aria-hidden="true" className="size-4" />
            Decline
          </Button>
        </>
      )}
    />
  );
}
