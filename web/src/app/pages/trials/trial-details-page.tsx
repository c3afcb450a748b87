import type { ScreenProps } from '@/app/routes';
import { PageContainer } from '@/components/layout/page-container';
import { TrialDetailsScreen } from '@/features/trials';

/** `/trial_details/{id}`: one trial, with Register or the player's registration. */
export default function TrialDetailsPage({ params }: ScreenProps) {
  const id = params.id ?? '';
  return (
    <PageContainer>
      <TrialDetailsScreen key={id} trialId={id} />
    </PageContainer>
  );
}
