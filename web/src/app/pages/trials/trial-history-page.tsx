import { PageContainer } from '@/components/layout/page-container';
import { TrialHistoryScreen } from '@/features/trials';

/** `/trial_history` ('View Joined Trials'). */
export default function TrialHistoryPage() {
  return (
    <PageContainer className="max-w-4xl">
      <TrialHistoryScreen />
    </PageContainer>
  );
}
