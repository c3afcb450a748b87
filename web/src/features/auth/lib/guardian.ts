import {
  GUARDIAN_MESSAGES,
  PROFILE_MESSAGES,
  isEmailAddress,
  isMinorOn,
  normalizeNigerianPhone,
  todayInLagos,
} from '@touchline/shared';

/** The guardian's contact an under-18 player gives at signup (supplement §14). */
export type GuardianInput = { guardian_email: string; guardian_phone: string };

export const NO_GUARDIAN: GuardianInput = { guardian_email: '', guardian_phone: '' };

/** Whether a date of birth (as the date field holds it) makes the player under 18 today in Lagos. */
export function needsGuardian(dob: string | undefined, now: Date = new Date()): boolean {
  return typeof dob === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(dob)
    ? isMinorOn(dob, todayInLagos(now))
    : false;
}

/**
 * The server's rules for the guardian's contact, field → message: for a minor the e-mail is
 * required, valid and not the child's own; the phone optional but Nigerian. Adults: nothing.
 */
export function guardianProblems(
  values: { dob?: string; email?: string } & Partial<GuardianInput>,
): Partial<Record<keyof GuardianInput, string>> {
  if (!needsGuardian(values.dob)) return {};
  const email = (values.guardian_email ?? '').trim().toLowerCase();
  const phone = (values.guardian_phone ?? '').trim();
  const problems: Partial<Record<keyof GuardianInput, string>> = {};
  if (email === '') problems.guardian_email = GUARDIAN_MESSAGES.guardianEmailRequired;
  else if (!isEmailAddress(email)) problems.guardian_email = GUARDIAN_MESSAGES.guardianEmailInvalid;
  else if (email === (values.email ?? '').trim().toLowerCase())
    problems.guardian_email = GUARDIAN_MESSAGES.guardianEmailSame;
  if (phone !== '' && !normalizeNigerianPhone(phone))
    problems.guardian_phone = PROFILE_MESSAGES.phoneInvalid;
  return problems;
}

/** What signup sends: the guardian's fields for a minor, none for an adult. */
export function guardianToSend(
  values: { dob?: string } & Partial<GuardianInput>,
): Partial<GuardianInput> {
  if (!needsGuardian(values.dob)) return {};
  const phone = (values.guardian_phone ?? '').trim();
  return {
    guardian_email: (values.guardian_email ?? '').trim(),
    ...(phone === '' ? {} : { guardian_phone: phone }),
  };
}
