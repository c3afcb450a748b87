import { isMinorOn, todayInLagos } from './dates';
import type { EmailTemplate } from './events';
import type { NotificationKind } from './notifications';

/**
 * Reaching people outside the app (supplement §16): preference kinds and channels, their
 * defaults, quiet hours and the screen's texts. No zod here: the web's settings screen and the
 * service worker's prompt import it without pulling the validators in.
 */

export const PREFERENCE_KINDS = [
  'messages',
  'friends',
  'likes',
  'comments',
  'trials',
  'payments',
  'reminders',
] as const;
export type PreferenceKind = (typeof PREFERENCE_KINDS)[number];

/** In-app is always on; these are the channels a person may turn on or off per kind. */
export const PREFERENCE_CHANNELS = ['push', 'email', 'sms'] as const;
export type PreferenceChannel = (typeof PREFERENCE_CHANNELS)[number];

export type NotificationPreferences = Record<PreferenceKind, Record<PreferenceChannel, boolean>>;

/**
 * Useful defaults (issue 26): messages and trials pushed, likes not; e-mail for what already
 * goes by e-mail (trials, payments, reminders); SMS only when the person turns it on.
 */
export const DEFAULT_PREFERENCES: NotificationPreferences = {
  messages: { push: true, email: false, sms: false },
  friends: { push: true, email: false, sms: false },
  likes: { push: false, email: false, sms: false },
  comments: { push: true, email: false, sms: false },
  trials: { push: true, email: true, sms: false },
  payments: { push: true, email: true, sms: false },
  reminders: { push: true, email: true, sms: false },
};

/** Which preference a stored notice falls under. */
export const PREFERENCE_KIND_OF: Record<NotificationKind, PreferenceKind> = {
  message: 'messages',
  friend_request: 'friends',
  friend_accepted: 'friends',
  follow: 'friends',
  new_post: 'friends',
  like: 'likes',
  comment: 'comments',
  reply: 'comments',
  new_trial: 'trials',
  trial_registration: 'trials',
  registration_update: 'trials',
  academy_review: 'reminders',
  system: 'reminders',
};

/**
 * E-mails that go whatever the preferences say (decision 54): codes and password resets (sent
 * outside the notices anyway), a guardian's consent request, everything a guardian is told about
 * their child (supplement §14), the receipt (its reference code is the ticket), the account's
 * own news (academy verified or declined, a data export asked for). Every other notice e-mail — a
 * new template too, without a line here — follows the e-mail choice of its notice's kind
 * (`PREFERENCE_KIND_OF`), or of the kind `EMAIL_PREFERENCE_KIND` names for its template.
 */
export const MANDATORY_EMAILS = [
  'auth.verify_code',
  'auth.reset_code',
  'guardian.consent_request',
  'guardian.contact',
  'guardian.link_ended',
  'trials.guardian_approval',
  'trials.registration_receipt',
  'academy.verified',
  'academy.declined',
  'account.export_ready',
] as const satisfies readonly EmailTemplate[];

/** Templates whose e-mail choice is not their notice's kind's: a refund is a payment. */
export const EMAIL_PREFERENCE_KIND: Partial<Record<EmailTemplate, PreferenceKind>> = {
  'trials.refund': 'payments',
};

/** Whether a notice's e-mail goes to its recipient with these stored choices. */
export function noticeEmailWanted(
  template: EmailTemplate,
  kind: NotificationKind,
  stored: unknown,
): boolean {
  if ((MANDATORY_EMAILS as readonly string[]).includes(template)) return true;
  return resolvePreferences(stored)[EMAIL_PREFERENCE_KIND[template] ?? PREFERENCE_KIND_OF[kind]]
    .email;
}

/** A person's stored choices over the defaults (unknown keys dropped, missing ones defaulted). */
export function resolvePreferences(stored: unknown): NotificationPreferences {
  const out = structuredClone(DEFAULT_PREFERENCES);
  if (!stored || typeof stored !== 'object') return out;
  for (const kind of PREFERENCE_KINDS) {
    const row = (stored as Record<string, unknown>)[kind];
    if (!row || typeof row !== 'object') continue;
    for (const channel of PREFERENCE_CHANNELS) {
      const value = (row as Record<string, unknown>)[channel];
      if (typeof value === 'boolean') out[kind][channel] = value;
    }
  }
  return out;
}

/** Quiet hours for minors (supplement §16): 21:00–07:00 Africa/Lagos (UTC+1 all year). */
export const QUIET_HOURS = { startHour: 21, endHour: 7, utcOffsetHours: 1 } as const;

/**
 * When a push or SMS held by quiet hours may go: null when `now` is outside them, else the next
 * 07:00 in Lagos. Lagos keeps UTC+1 with no daylight saving, so the arithmetic is exact.
 */
export function quietHoursEnd(now: Date): Date | null {
  const lagos = new Date(now.getTime() + QUIET_HOURS.utcOffsetHours * 3600_000);
  const hour = lagos.getUTCHours();
  if (hour >= QUIET_HOURS.endHour && hour < QUIET_HOURS.startHour) return null;
  const end = new Date(lagos);
  end.setUTCHours(QUIET_HOURS.endHour, 0, 0, 0);
  if (hour >= QUIET_HOURS.startHour) end.setUTCDate(end.getUTCDate() + 1);
  return new Date(end.getTime() - QUIET_HOURS.utcOffsetHours * 3600_000);
}

/** Whether an adult chose quiet hours (stored beside the choices as `quiet_hours`). */
export const chosenQuietHours = (stored: unknown): boolean =>
  !!stored &&
  typeof stored === 'object' &&
  (stored as { quiet_hours?: unknown }).quiet_hours === true;

/**
 * Whether the person chose to get their password reset codes by SMS too (stored beside the
 * choices as `codes_by_sms`; used only with a verified phone).
 */
export const chosenCodesBySms = (stored: unknown): boolean =>
  !!stored &&
  typeof stored === 'object' &&
  (stored as { codes_by_sms?: unknown }).codes_by_sms === true;

/** Quiet hours apply: always for a player under 18, for others when chosen (supplement §16). */
export function quietHoursApply(
  who: { role: string; dob: string | null; preferences: unknown },
  now: Date,
): boolean {
  return (
    (who.role === 'player' && isMinorOn(who.dob, todayInLagos(now))) ||
    chosenQuietHours(who.preferences)
  );
}

export const REACH_TEXTS = {
  title: 'Notifications',
  intro: 'Choose what you hear about outside the app. In-app notifications are always on.',
  kinds: {
    messages: 'Messages',
    friends: 'Friends and follows',
    likes: 'Likes',
    comments: 'Comments and replies',
    trials: 'Trials and registrations',
    payments: 'Payments',
    reminders: 'Reminders and account news',
  } satisfies Record<PreferenceKind, string>,
  channels: { push: 'Push', email: 'E-mail', sms: 'SMS' } satisfies Record<
    PreferenceChannel,
    string
  >,
  saved: 'Your notification settings were saved',
  quietHoursMinor:
    'Quiet hours: pushes and texts wait from 21:00 to 07:00 (Lagos time). In-app notifications arrive at once.',
  turnOnOffer: 'Turn on notifications',
  turnOnExplain: 'Hear about new messages and trials when Touchline is closed.',
  notNow: 'Not now',
  pushOn: 'Notifications are on for this device',
  pushOff: 'Notifications are off for this device',
  pushBlocked: 'Notifications are blocked for this site in your browser settings',
  pushUnsupported: 'This browser cannot show notifications',
  phoneTitle: 'Phone for SMS',
  phoneVerified: (phone: string) => `Verified: ${phone}`,
  sendCode: 'Send code',
  verify: 'Verify',
  codeSent: 'We sent a 6-digit code by SMS',
  smsNeedsPhone: 'Verify a phone number to receive SMS',
  codesBySms: (phone: string) => `Also send my password reset codes by SMS to ${phone}`,
  emailAlways:
    'Codes, receipts, account news and messages about a child you look after always go by e-mail.',
  /** The SMS carrying a password reset code (the same code as the e-mail's). */
  smsResetCode: (code: string) =>
    `Your Touchline password reset code is ${code}. It expires in 10 minutes. Never share it.`,
  /** The SMS carrying a phone verification code. */
  smsCode: (code: string) => `Your Touchline code is ${code}. It expires in 10 minutes.`,
} as const;
