import type { ScreenProps } from '@/app/routes';
import { PageContainer } from '@/components/layout/page-container';
import { RegisterTrialScreen } from '@/features/trials';

/** `/register_trial/{id}`: the registration form (and payment for a paid trial). */
export default function RegisterTrialPage({ params }: ScreenProps) {
  const id = params.id ?? '';
  return (
    <PageContainer className="max-w-5xl">
      <RegisterTrialScreen key={id} trialId={id} />
    </PageContainer>
  );
}
