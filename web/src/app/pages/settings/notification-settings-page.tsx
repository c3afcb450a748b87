import { PageContainer } from '@/components/layout/page-container';
import { NotificationSettingsScreen } from '@/features/notification-settings';

/** `/settings/notifications`: push on this device, choices per kind and channel, phone for SMS. */
export default function NotificationSettingsPage() {
  return (
    <PageContainer className="max-w-3xl">
      <NotificationSettingsScreen />
    </PageContainer>
  );
}
