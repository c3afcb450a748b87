import { AuthLayout, LoginForm } from '@/features/auth';

/** `/admin/login`: administrators only (no signup, no Google). */
export default function AdminLoginPage() {
  return (
    <AuthLayout tone="admin" title="Admin login" subtitle="Sign in to the administration area.">
      <LoginForm area="admin" />
    </AuthLayout>
  );
}
