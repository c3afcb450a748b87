import type { ScreenProps } from '@/app/routes';
import { ConsentFlow } from '@/features/guardians';

/** `/guardian/consent/{token}` (supplement §14). */
export default function GuardianConsentPage({ params }: ScreenProps) {
  return <ConsentFlow token={params.token ?? ''} />;
}
