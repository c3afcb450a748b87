import { useSnapshot } from 'valtio';
import { AuthLayout, ResetPasswordForm, resetFlow } from '@/features/auth';

/** `/reset_password`: the new password (needs the reset token from /forget_password). */
export default function ResetPasswordPage() {
  const flow = useSnapshot(resetFlow);
  return (
    <AuthLayout
      tone={flow.academy ? 'academy' : 'player'}
      title="Choose a new password"
      subtitle="You will be signed out everywhere and can log in with the new password."
    >
      <ResetPasswordForm />
    </AuthLayout>
  );
}
