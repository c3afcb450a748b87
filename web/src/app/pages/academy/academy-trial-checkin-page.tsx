import type { ScreenProps } from '@/app/routes';
import { PageContainer } from '@/components/layout/page-container';
import { CheckInScreen } from '@/features/academy-trials';

/** `/academy/trial_checkin/{id}`: the trial-day check-in (supplement §17). */
export default function AcademyTrialCheckinPage({ params }: ScreenProps) {
  const id = params.id ?? '';
  return (
    <PageContainer>
      <CheckInScreen key={id} trialId={id} />
    </PageContainer>
  );
}
