import { AUTH_PATHS } from '@/config/paths';
import { AuthLayout, AuthLink, GoogleButton, LoginForm } from '@/features/auth';

/** `/`: player login (spec §2). */
export default function LoginPage() {
  return (
    <AuthLayout
      title="Welcome back"
      subtitle="Log in to find trials, share your game and connect with academies."
      footer={
        <>
          <AuthLink prompt="New to Touchline?" href={AUTH_PATHS.signup}>
            Create an account
          </AuthLink>
          <AuthLink prompt="Coach or academy?" href={AUTH_PATHS.academyLogin}>
            Academy login
          </AuthLink>
        </>
      }
    >
      <LoginForm area="player" />
      <GoogleButton context="login" />
    </AuthLayout>
  );
}
