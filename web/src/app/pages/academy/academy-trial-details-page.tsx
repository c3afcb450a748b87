import type { ScreenProps } from '@/app/routes';
import { PageContainer } from '@/components/layout/page-container';
import { AcademyTrialDetailsScreen } from '@/features/academy-trials';

/** `/academy/trial_details/{id}`: the trial, its edit and cancel, and its registrants. */
export default function AcademyTrialDetailsPage({ params }: ScreenProps) {
  const id = params.id ?? '';
  return (
    <PageContainer>
      <AcademyTrialDetailsScreen key={id} trialId={id} />
    </PageContainer>
  );
}
