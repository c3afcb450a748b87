import { UserPlus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { showNotice } from '@/lib/toast';
import { useFriendSuggestions } from '../api/get-friend-suggestions';
import { useSendFriendRequest } from '@/api/relationships/send-friend-request';
import { PersonRow } from './person-row';

/** 'People you may know' (supplement §3: up to 7), each with Add friend. */
export function PeopleYouMayKnow() {
  const suggestions = useFriendSuggestions();
  const send = useSendFriendRequest();
  const people = suggestions.data ?? [];
  if (people.length === 0) return null;
  return (
    <section aria-labelledby="people-you-may-know" className="card overflow-hidden">
      <h2 id="people-you-may-know" className="px-5 pt-4 pb-1 font-semibold text-slate-900">
        People you may know
      </h2>
      <ul aria-label="People you may know" className="divide-y divide-slate-100">
        {people.map((person) => (
          <PersonRow
            key={person.id}
            person={person}
            actions={
              <Button
                tone="player"
                className="px-3 py-2"
                loading={send.isPending && send.variables === person.id}
                onClick={() =>
                  send.mutate(person.id, {
                    onSuccess: () =>
                      showNotice(`Friend request sent to ${person.username}`, 'success'),
                    onError: (error) => showNotice(error.message, 'error'),
                  })
                }
              >
                <UserPlus aria-hidden="true" className="size-4" />
                Add friend
              </Button>
            }
          />
        ))}
      </ul>
    </section>
  );
}
