import { isMinorOn, type ConsentStatus } from '@touchline/shared';

/**
 * The guardian rules as pure decisions over facts (decision 34): the repository reads the facts,
 * these decide, the service writes. Tested without a database.
 */

/**
 * At signup or /welcome: a player under 18 (an unknown date of birth counts) needs a guardian's
 * e-mail, different from their own (a child cannot consent for themselves). Adults need none
 * and any guardian fields they sent are ignored.
 */
export function decideGuardianContact(facts: {
  dob: string | null;
  today: string;
  email: string;
  guardianEmail: string;
}):
  | { ok: true; consentStatus: 'not_needed' }
  | { ok: true; consentStatus: 'awaiting_consent' }
  | { ok: false; reason: 'guardian_email_required' | 'guardian_email_same' } {
  if (!isMinorOn(facts.dob, facts.today)) return { ok: true, consentStatus: 'not_needed' };
  if (facts.guardianEmail === '') return { ok: false, reason: 'guardian_email_required' };
  if (facts.guardianEmail.toLowerCase() === facts.email.toLowerCase())
    return { ok: false, reason: 'guardian_email_same' };
  return { ok: true, consentStatus: 'awaiting_consent' };
}

export type ConsentLinkFacts = {
  now: Date;
  request: {
    expiresAt: Date;
    usedAt: Date | null;
    supersededAt: Date | null;
  };
  child: { id: string; email: string; consentStatus: ConsentStatus; erased: boolean };
  guardian: { id: string; role: string; email: string } | null;
  liveGuardians: number;
  alreadyLinked: boolean;
};

export type ConsentLinkRefusal =
  'invalid' | 'used' | 'expired' | 'guardian_only' | 'self_consent' | 'too_many_guardians';

/**
 * Whether a consent link can be read (`guardian` null) or decided on by this signed-in account.
 * A used or superseded link is spent; a child erased (or deleted) is gone; only a guardian
 * account other than the child decides; a child has at most two guardians.
 */
export function decideConsentLink(
  facts: ConsentLinkFacts,
): { ok: true } | { ok: false; reason: ConsentLinkRefusal } {
  const { request, child, guardian } = facts;
  if (child.erased) return { ok: false, reason: 'invalid' };
  if (request.usedAt) return { ok: false, reason: 'used' };
  if (request.supersededAt) return { ok: false, reason: 'invalid' };
  if (request.expiresAt.getTime() <= facts.now.getTime()) return { ok: false, reason: 'expired' };
  if (!guardian) return { ok: true };
  if (guardian.id === child.id || guardian.email.toLowerCase() === child.email.toLowerCase())
    return { ok: false, reason: 'self_consent' };
  if (guardian.role !== 'guardian') return { ok: false, reason: 'guardian_only' };
  if (!facts.alreadyLinked && facts.liveGuardians >= 2)
    return { ok: false, reason: 'too_many_guardians' };
  return { ok: true };
}

/** 'Resend to my guardian': only while awaiting consent, and a few times an hour. */
export function decideResend(facts: {
  consentStatus: ConsentStatus;
  sentLastHour: number;
  perHour: number;
  hasEarlierRequest: boolean;
}): 'ok' | 'not_needed' | 'too_soon' {
  if (facts.consentStatus !== 'awaiting_consent' || !facts.hasEarlierRequest) return 'not_needed';
  if (facts.sentLastHour >= facts.perHour) return 'too_soon';
  return 'ok';
}
