/** Where the authentication screens send people. */
export const AUTH_PATHS = {
  playerLogin: '/',
  academyLogin: '/academy/login',
  adminLogin: '/admin/login',
  signup: '/signup',
  academySignup: '/academy/signup',
  otp: '/otp_verification',
  forgotPassword: '/forget_password',
  resetPassword: '/reset_password',
  welcome: '/welcome',
} as const;

/**
 * The code screen for an address. `academy` is the hint that the account is an academy's, so
 * that a verified academy lands on the academy login.
 */
export function otpPathFor(email: string, academy: boolean): string {
  const query = new URLSearchParams({ email });
  if (academy) query.set('academy', '1');
  return `${AUTH_PATHS.otp}?${query.toString()}`;
}

export function loginPathForArea(academy: boolean): string {
  return academy ? AUTH_PATHS.academyLogin : AUTH_PATHS.playerLogin;
}
