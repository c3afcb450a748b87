import { AUTH_PATHS } from '@/config/paths';
import { AuthLayout, AuthLink, LoginForm } from '@/features/auth';

/** `/academy/login`: academies and coaches (indigo). */
export default function AcademyLoginPage() {
  return (
    <AuthLayout
      tone="academy"
      title="Academy login"
      subtitle="Manage your trials, registrations and posts."
      footer={
        <>
          <AuthLink tone="academy" prompt="New academy?" href={AUTH_PATHS.academySignup}>
            Register your academy
          </AuthLink>
          <AuthLink tone="academy" prompt="Are you a player?" href={AUTH_PATHS.playerLogin}>
            Player login
          </AuthLink>
        </>
      }
    >
      <LoginForm area="academy" />
    </AuthLayout>
  );
}
