import type { Person } from '@touchline/shared';
import { UserMinus, Users } from 'lucide-react';
import { useState } from 'react';
import { MessageButton } from '@/components/message-button';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useFriends } from '../api/get-friends';
import { useUnfriend } from '@/api/relationships/unfriend';
import { FindPeopleLink, PeopleList, showRowError } from './people-list';
import { PeopleYouMayKnow } from './people-you-may-know';
import { SocialHeader } from './social-nav';

/** Everyone on this list is a friend. */
const FRIENDS = { friend_status: 'friends', is_following: false, blocked_by_me: false } as const;

/** /friends: my friends, each with Message and Unfriend (confirmed first), and people I may know. */
export function FriendsScreen() {
  const friends = useFriends();
  const unfriend = useUnfriend();
  const [leaving, setLeaving] = useState<Person | null>(null);

  const confirm = () => {
    if (!leaving) return;
    const person = leaving;
    setLeaving(null);
    unfriend.mutate(person.id, { onError: showRowError });
  };

  return (
    <>
      <SocialHeader title="Friends" intro="The players you are connected with." />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <section aria-label="Your friends">
          <PeopleList
            query={friends}
            label="Friends"
            empty={{
              icon: Users,
              title: 'No friends yet',
              text: 'Find players you know with the search box, or add someone you may know.',
              action: <FindPeopleLink label="Find players" />,
            }}
            actions={(person) => (
              <>
                <MessageButton
                  variant="row"
                  userId={person.id}
                  name={person.username}
                  role={person.role}
                  relationship={FRIENDS}
                />
                <Button tone="secondary" onClick={() => setLeaving(person)}>
                  <UserMinus aria-hidden="true" className="size-4" />
                  Unfriend
                </Button>
              </>
            )}
          />
        </section>
        <PeopleYouMayKnow />
      </div>
      <ConfirmDialog
        open={leaving !== null}
        title={`Unfriend ${leaving?.username ?? ''}?`}
        description="You will no longer be friends. You can send a new request later."
        confirmLabel="Unfriend"
        confirmClassName="bg-red-600 text-white hover:bg-red-700"
        onConfirm={confirm}
        onCancel={() => setLeaving(null)}
      />
    </>
  );
}
