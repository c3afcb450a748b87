/** The sign-in schemas' lazy chunk (lib/login-schemas.ts), fetched once. */
export const loadLoginSchemas = () => import('./login-schemas');
