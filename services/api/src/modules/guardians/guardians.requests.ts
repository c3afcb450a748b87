import { createHash, randomBytes } from 'node:crypto';
import type { Executor } from '@touchline/db';
import { insertConsentRequest } from '@touchline/db/guardians';
import { appendEvent } from '@touchline/db/outbox';
import { createEmail } from '@touchline/db/emails';
import type { SecretBox } from '@touchline/drivers';
import { GUARDIAN_LIMITS, lagosReadableDate, type EmailParams } from '@touchline/shared';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The stored form of a consent token: its SHA-256 (the token itself is never stored). */
export const consentTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Asking a guardian for a child's consent: a random single-use token (its hash stored, valid 7
 * days, the child's earlier links stop working) and the e-mail with the consent link, queued
 * through the outbox in the caller's transaction; the link lives only sealed until sent.
 */
export function createGuardianAsker(deps: {
  clock: () => Date;
  publicUrl: string;
  secretBox: Pick<SecretBox, 'seal'>;
}) {
  return async function askGuardian(
    tx: Executor,
    input: {
      childId: string;
      childName: string;
      guardianEmail: string;
      guardianPhone: string | null;
    },
  ) {
    const now = deps.clock();
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + GUARDIAN_LIMITS.consentLinkDays * DAY_MS);
    await insertConsentRequest(tx, {
      childId: input.childId,
      guardianEmail: input.guardianEmail,
      guardianPhone: input.guardianPhone,
      tokenHash: consentTokenHash(token),
      expiresAt,
      at: now,
    });
    const params: EmailParams<'guardian.consent_request'> = {
      childName: input.childName,
      link: `${deps.publicUrl.replace(/\/+$/, '')}/guardian/consent/${token}`,
      expiresOn: lagosReadableDate(expiresAt),
    };
    const emailId = await createEmail(tx, {
      to: input.guardianEmail,
      template: 'guardian.consent_request',
      sealedContent: deps.secretBox.seal(JSON.stringify(params)),
    });
    await appendEvent(tx, { type: 'email.queued', payload: { emailId } });
  };
}

export type GuardianAsker = ReturnType<typeof createGuardianAsker>;
