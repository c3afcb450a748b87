import { PageContainer } from '@/components/layout/page-container';
import { NotificationCentre } from '@/features/notifications';

export default function NotificationPage() {
  return (
    <PageContainer className="max-w-3xl">
      <NotificationCentre />
    </PageContainer>
  );
}
