import { AUTH_PATHS } from '@/config/paths';
import { AuthLayout, AuthLink, GoogleButton, PlayerSignupForm } from '@/features/auth';

/** `/signup`: player signup in two steps (spec §2). */
export default function SignupPage() {
  return (
    <AuthLayout
      title="Create your player account"
      subtitle="Two quick steps and you are ready to join trials."
      footer={
        <>
          <AuthLink prompt="Already have an account?" href={AUTH_PATHS.playerLogin}>
            Log in
          </AuthLink>
          <AuthLink prompt="Signing up an academy?" href={AUTH_PATHS.academySignup}>
            Sign up for coaches or academies
          </AuthLink>
        </>
      }
    >
      <PlayerSignupForm />
      <GoogleButton context="signup" />
    </AuthLayout>
  );
}
