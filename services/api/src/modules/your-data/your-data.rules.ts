import { YOUR_DATA_LIMITS, YOUR_DATA_MESSAGES, type Role } from '@touchline/shared';

/**
 * The rules of exports and deletions as pure decisions over facts read beforehand (the
 * repository reads the facts, these decide, the service writes): no database here.
 */

const HOUR_MS = 60 * 60 * 1000;

/**
 * When the next export may be asked for, given the newest one that counts (not failed): null
 * when one may be asked for now.
 */
export function nextExportAt(last: { createdAt: Date } | null, now: Date): Date | null {
  if (!last) return null;
  const next = new Date(last.createdAt.getTime() + YOUR_DATA_LIMITS.exportEveryHours * HOUR_MS);
  return next > now ? next : null;
}

/** What a download of an export answers: the file, or why not. */
export function decideDownload(
  row: { status: string; storageKey: string | null; expiresAt: Date | null } | null,
  now: Date,
): 'file' | 'not_found' | 'expired' | 'not_ready' | 'failed' {
  if (!row) return 'not_found';
  if (row.status === 'expired') return 'expired';
  if (row.status === 'failed') return 'failed';
  if (row.status !== 'ready' || !row.storageKey) return 'not_ready';
  if (!row.expiresAt || row.expiresAt <= now) return 'expired';
  return 'file';
}

/** How the account's owner proves a deletion, and what they gave. */
export type ConfirmationFacts = {
  hasPassword: boolean;
  googleSub: string | null;
  /** The password given, checked: null when none was given. */
  passwordMatches: boolean | null;
  /** The Google ID token given, verified: null when none was given, `invalid` when it failed. */
  google: { sub: string; issuedAt: Date | null } | 'invalid' | null;
  now: Date;
};

/**
 * Whether the confirmation proves the owner (supplement §15): the account's password, or — for
 * an account without one — a Google sign-in of the same Google account issued within the last
 * few minutes. Answers the refusal's message, or null when confirmed.
 */
export function decideConfirmation(facts: ConfirmationFacts): {
  ok: boolean;
  missing?: boolean;
  message?: string;
} {
  if (facts.hasPassword) {
    if (facts.passwordMatches === null)
      return { ok: false, missing: true, message: YOUR_DATA_MESSAGES.passwordRequired };
    return facts.passwordMatches
      ? { ok: true }
      : { ok: false, message: YOUR_DATA_MESSAGES.passwordWrong };
  }
  if (facts.google === null)
    return { ok: false, missing: true, message: YOUR_DATA_MESSAGES.googleRequired };
  if (facts.google === 'invalid' || facts.google.sub !== facts.googleSub)
    return { ok: false, message: YOUR_DATA_MESSAGES.googleMismatch };
  const issued = facts.google.issuedAt?.getTime();
  const age = issued === undefined ? Infinity : facts.now.getTime() - issued;
  if (age > YOUR_DATA_LIMITS.googleFreshSeconds * 1000 || age < -60_000)
    return { ok: false, message: YOUR_DATA_MESSAGES.googleStale };
  return { ok: true };
}

/** The last administrator who can sign in may not delete their account. */
export function decideDeletion(facts: {
  role: Role;
  otherActiveAdmins: number;
}): 'ok' | 'last_admin' {
  return facts.role === 'admin' && facts.otherActiveAdmins === 0 ? 'last_admin' : 'ok';
}
