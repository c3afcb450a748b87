import type { ScreenProps } from '@/app/routes';
import { PageContainer } from '@/components/layout/page-container';
import { SandboxCheckoutScreen } from '@/features/payments';

/** `/sandbox/checkout/{reference}`: the embedded provider's checkout, for the signed-in payer. */
export default function SandboxCheckoutPage({ params }: ScreenProps) {
  const reference = params.reference ?? '';
  return (
    <PageContainer className="max-w-3xl">
      <SandboxCheckoutScreen key={reference} reference={reference} />
    </PageContainer>
  );
}
