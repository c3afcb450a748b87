/** Sign-in: e-mail codes, refresh tokens, password resets and sessions. */
export * from '../repositories/auth.repository';
export * from '../repositories/sessions.repository';
