import { useSnapshot } from 'valtio';
import { useSearchParams } from 'wouter';
import { AuthLayout, ForgotPassword, resetFlow } from '@/features/auth';

/** `/forget_password`: e-mail, then the code. */
export default function ForgetPasswordPage() {
  const [params] = useSearchParams();
  const flow = useSnapshot(resetFlow);
  const academy = params.get('academy') === '1' || flow.academy;
  return (
    <AuthLayout
      tone={academy ? 'academy' : 'player'}
      title="Forgot your password?"
      subtitle="No problem. We will help you choose a new one."
    >
      <ForgotPassword />
    </AuthLayout>
  );
}
