import { PageContainer } from '@/components/layout/page-container';
import { YourDataScreen } from '@/features/your-data';

/** `/settings`: 'Your data' (export, delete the account). */
export default function SettingsPage() {
  return (
    <PageContainer className="max-w-3xl">
      <YourDataScreen />
    </PageContainer>
  );
}
