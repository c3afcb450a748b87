import { Building2 } from 'lucide-react';
import { MessageButton } from '@/components/message-button';
import { Button } from '@/components/ui/button';
import { useFollowing } from '../api/get-following';
import { useUnfollow } from '@/api/relationships/unfollow';
import { FindPeopleLink, PeopleScreen, showRowError } from './people-list';

/** /following: the academies I follow, each with Message and Unfollow. */
export function FollowingScreen() {
  const following = useFollowing();
  const unfollow = useUnfollow();
  return (
    <PeopleScreen
      title="Following"
      intro="Academies whose posts and trials you follow."
      query={following}
      label="Academies you follow"
      empty={{
        icon: Building2,
        title: 'You do not follow any academy yet',
        text: 'Follow academies to hear about their new posts and trials first.',
        action: <FindPeopleLink label="Find academies" />,
      }}
      actions={(person) => (
        <>
          <MessageButton
            variant="row"
            userId={person.id}
            name={person.username}
            role={person.role}
          />
          <Button
            tone="secondary"
            className="px-3 py-2"
            aria-label={`Unfollow ${person.username}`}
            onClick={() => unfollow.mutate(person.id, { onError: showRowError })}
          >
            Unfollow
          </Button>
        </>
      )}
    />
  );
}
