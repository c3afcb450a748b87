import type { OAuth2Client } from 'google-auth-library';

export type GoogleIdentity = {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string;
  picture: string | null;
  /** When Google issued the token (`iat`): a deletion asks for a fresh sign-in. */
  issuedAt: Date | null;
};

export type GoogleVerifier = (idToken: string) => Promise<GoogleIdentity | null>;

/**
 * Verifies a Google ID token with google-auth-library: signature against Google's certificates
 * (or those at GOOGLE_CERTS_URL, which tests point at a loopback server with their own keys),
 * issuer, audience = our client id, and expiry. Null when anything is off.
 */
export function createGoogleVerifier(options: {
  clientId: string;
  certsUrl?: string;
}): GoogleVerifier {
  // google-auth-library is imported on the first Google sign-in, not by every start (decision 68).
  let client: Promise<OAuth2Client> | undefined;
  const oauthClient = () =>
    (client ??= import('google-auth-library').then(
      ({ OAuth2Client }) =>
        new OAuth2Client({
          clientId: options.clientId,
          ...(options.certsUrl
            ? { endpoints: { oauth2FederatedSignonPemCertsUrl: options.certsUrl } }
            : {}),
        }),
    ));
  return async (idToken) => {
    try {
      const ticket = await (
        await oauthClient()
      ).verifyIdToken({ idToken, audience: options.clientId });
      const payload = ticket.getPayload();
      if (!payload?.sub || !payload.email) return null;
      return {
        sub: payload.sub,
        email: payload.email.toLowerCase(),
        emailVerified: payload.email_verified === true,
        name: payload.name?.trim() || payload.email.split('@')[0]!,
        picture: payload.picture ?? null,
        issuedAt: typeof payload.iat === 'number' ? new Date(payload.iat * 1000) : null,
      };
    } catch {
      return null;
    }
  };
}
