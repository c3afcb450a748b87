import { PageContainer } from '@/components/layout/page-container';
import { AddTrialScreen } from '@/features/academy-trials';

/** `/academy/add_trial`: publish a trial. */
export default function AddTrialPage() {
  return (
    <PageContainer>
      <AddTrialScreen />
    </PageContainer>
  );
}
