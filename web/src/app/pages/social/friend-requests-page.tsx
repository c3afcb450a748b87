import { PageContainer } from '@/components/layout/page-container';
import { FriendRequestsScreen } from '@/features/social';

export default function FriendRequestsPage() {
  return (
    <PageContainer className="max-w-4xl">
      <FriendRequestsScreen />
    </PageContainer>
  );
}
