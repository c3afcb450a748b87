import { PageContainer } from '@/components/layout/page-container';
import { SentRequestsScreen } from '@/features/social';

export default function SentRequestsPage() {
  return (
    <PageContainer className="max-w-4xl">
      <SentRequestsScreen />
    </PageContainer>
  );
}
