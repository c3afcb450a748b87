import { AUTH_PATHS } from '@/config/paths';
import { AcademySignupForm, AuthLayout, AuthLink } from '@/features/auth';

/** `/academy/signup`: academy signup with its licence (supplement §1). */
export default function AcademySignupPage() {
  return (
    <AuthLayout
      tone="academy"
      title="Register your academy"
      subtitle="Tell us about your academy. We verify your licence before you can publish trials."
      footer={
        <>
          <AuthLink tone="academy" prompt="Already registered?" href={AUTH_PATHS.academyLogin}>
            Academy login
          </AuthLink>
          <AuthLink tone="academy" prompt="Are you a player?" href={AUTH_PATHS.signup}>
            Player signup
          </AuthLink>
        </>
      }
    >
      <AcademySignupForm />
    </AuthLayout>
  );
}
