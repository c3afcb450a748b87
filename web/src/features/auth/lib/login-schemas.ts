import {
  googleResponseSchema,
  loginResponseSchema,
  loginSchema,
  messageSchema,
  tokenPairSchema,
} from '@touchline/shared';

/**
 * The sign-in pages' zod schemas, one lazy chunk (`loadLoginSchemas()`): the login pages' first
 * load carries no zod (issue 15's 110 kB budget); it comes when the user first focuses the form
 * or signs in with Google.
 */
export { googleResponseSchema, loginResponseSchema, messageSchema, tokenPairSchema };

export type CredentialField = 'email' | 'password';
export type CredentialErrors = Partial<Record<CredentialField, string>>;

/** The login form's fields: only presence is checked (spec §5). */
const credentialsSchema = loginSchema.pick({ email: true, password: true });

/** The credentials as sent (e-mail lower-cased), or each field's first message. */
export function checkCredentials(values: {
  email: string;
  password: string;
}):
  | { ok: true; data: { email: string; password: string } }
  | { ok: false; errors: CredentialErrors } {
  const result = credentialsSchema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: CredentialErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === 'email' || field === 'password') && !errors[field])
      errors[field] = issue.message;
  }
  return { ok: false, errors };
}
