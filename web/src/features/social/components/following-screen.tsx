import { Building2, Search } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '../../../components/ui/button';
import { showNotice } from '../../../lib/toast';
import { useFollowing } from '../api/get-following';
import { useUnfollow } from '../api/unfollow';
import { PeopleList } from './people-list';
import { SocialHeader } from './social-nav';

/** /following: the academies I follow, each with Unfollow. */
export function FollowingScreen() {
  const following = useFollowing();
  const unfollow = useUnfollow();
  return (
    <>
      <SocialHeader title="Following" intro="Academies whose posts and trials you follow." />
      <PeopleList
        query={following}
        label="Academies you follow"
        empty={{
          icon: Building2,
          title: 'You do not follow any academy yet',
          text: 'Follow academies to hear about their new posts and trials first.',
          action: (
            <Link href="/search" className="btn btn-secondary">
              <Search aria-hidden="true" className="size-4" />
              Find academies
            </Link>
          ),
        }}
        actions={(person) => (
          <Button
            tone="secondary"
            className="px-3 py-2"
            aria-label={`Unfollow ${person.username}`}
            onClick={() =>
              unfollow.mutate(person.id, { onError: (error) => showNotice(error.message, 'error') })
            }
          >
            Unfollow
          </Button>
        )}
      />
    </>
  );
}
