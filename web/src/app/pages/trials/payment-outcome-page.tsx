import { PageContainer } from '@/components/layout/page-container';
import { PaymentOutcomeScreen } from '@/features/payments';

/** `/payment_success` and `/payment_failed`: the outcome of `?reference=`, read from the server. */
export default function PaymentOutcomePage() {
  return (
    <PageContainer className="max-w-3xl">
      <PaymentOutcomeScreen />
    </PageContainer>
  );
}
