import { useSearchParams } from 'wouter';
import { AuthLayout, OtpVerification } from '@/features/auth';

/** `/otp_verification`: the six-digit e-mail code. */
export default function OtpVerificationPage() {
  const [params] = useSearchParams();
  const academy = params.get('academy') === '1';
  return (
    <AuthLayout
      tone={academy ? 'academy' : 'player'}
      title="Verify your email"
      subtitle="Enter the code from your inbox to activate your account."
    >
      <OtpVerification />
    </AuthLayout>
  );
}
