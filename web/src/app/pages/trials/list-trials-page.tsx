import { PageContainer } from '@/components/layout/page-container';
import { TrialListScreen } from '@/features/trials';

/** `/list_trials`: open trials with search and filters. */
export default function ListTrialsPage() {
  return (
    <PageContainer>
      <TrialListScreen />
    </PageContainer>
  );
}
