import type { GuardianContact } from '@touchline/shared';
import { guardianErrors } from './guardians.errors';
import { decideGuardianContact } from './guardians.rules';

/**
 * The guardian to ask at signup or /welcome: null for an adult; for a player under 18 the
 * guardian's e-mail (required, not the child's own) and phone, or a 400 naming `guardian_email`.
 */
export function guardianContactFor(
  child: { dob: string | null; email: string; today: string },
  contact: GuardianContact,
): { email: string; phone: string | null } | null {
  const decision = decideGuardianContact({ ...child, guardianEmail: contact.guardian_email });
  if (!decision.ok) {
    throw decision.reason === 'guardian_email_same'
      ? guardianErrors.guardianEmailSame()
      : guardianErrors.guardianEmailRequired();
  }
  if (decision.consentStatus === 'not_needed') return null;
  return { email: contact.guardian_email, phone: contact.guardian_phone };
}
