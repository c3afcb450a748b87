import type { ScreenProps } from '@/app/routes';
import { PageContainer } from '@/components/layout/page-container';
import { EvaluationScreen } from '@/features/academy-trials';

/** `/academy/evaluation/{registrationId}`: the academy's evaluation of one registrant. */
export default function AcademyEvaluationPage({ params }: ScreenProps) {
  const id = params.id ?? '';
  return (
    <PageContainer>
      <EvaluationScreen key={id} registrationId={id} />
    </PageContainer>
  );
}
