import { PageContainer } from '@/components/layout/page-container';
import { FriendsScreen } from '@/features/social';

export default function FriendsPage() {
  return (
    <PageContainer className="max-w-4xl">
      <FriendsScreen />
    </PageContainer>
  );
}
