import { PageContainer } from '@/components/layout/page-container';
import { AcademyTrialListScreen } from '@/features/academy-trials';

/** `/academy/list_trials`: the academy's trials by tab. */
export default function AcademyTrialsPage() {
  return (
    <PageContainer>
      <AcademyTrialListScreen />
    </PageContainer>
  );
}
