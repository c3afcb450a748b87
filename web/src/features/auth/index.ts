/** The authentication feature: sign-in, signup, e-mail codes, password reset, Google, welcome. */
export { AcademySignupForm } from './components/academy-signup-form';
export { AuthLink } from './components/auth-links';
export { AuthLayout, Divider } from './components/auth-layout';
export { ForgotPassword } from './components/forgot-password';
export { GoogleButton } from './components/google-button';
export { LoginForm } from './components/login-form';
export { OtpVerification } from './components/otp-verification';
export { PlayerSignupForm } from './components/player-signup-form';
export { ResetPasswordForm } from './components/reset-password-form';
export { WelcomeForm } from './components/welcome-form';
export { endReset, resetFlow } from './stores/reset-flow';
