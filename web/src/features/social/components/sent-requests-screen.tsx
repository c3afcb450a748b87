import { Send, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useCancelFriendRequest } from '@/api/relationships/cancel-friend-request';
import { useSentRequests } from '../api/get-sent-requests';
import { PeopleScreen, showRowError } from './people-list';

/** /sent_request_list: requests I sent that are still waiting, each with Cancel. */
export function SentRequestsScreen() {
  const sent = useSentRequests();
  const cancel = useCancelFriendRequest();
  return (
    <PeopleScreen
      title="Sent requests"
      intro="Requests you sent that are waiting for an answer."
      query={sent}
      label="Sent requests"
      empty={{
        icon: Send,
        title: 'No pending requests',
        text: 'Requests you send to other players wait here until they answer.',
      }}
      actions={(person) => (
        <Button
          tone="secondary"
          className="px-3 py-2"
          aria-label={`Cancel request to ${person.username}`}
          onClick={() => cancel.mutate(person.id, { onError: showRowError })}
        >
          <X aria-hidden="true" className="size-4" />
          Cancel request
        </Button>
      )}
    />
  );
}
