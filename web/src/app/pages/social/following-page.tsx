import { PageContainer } from '@/components/layout/page-container';
import { FollowingScreen } from '@/features/social';

export default function FollowingPage() {
  return (
    <PageContainer className="max-w-4xl">
      <FollowingScreen />
    </PageContainer>
  );
}
