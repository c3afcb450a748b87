import { GuardianLogin } from '@/features/guardians';

/** `/guardian/login`. */
export default function GuardianLoginPage() {
  return <GuardianLogin />;
}
