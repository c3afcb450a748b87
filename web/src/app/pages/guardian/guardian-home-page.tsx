import { GuardianHome } from '@/features/guardians';

/** `/guardian/home`: the guardian role's home (supplement §14). */
export default function GuardianHomePage() {
  return <GuardianHome />;
}
