import { z } from 'zod';

/**
 * Domain events: written to the outbox in the same transaction as the change they announce.
 * Payloads carry ids only — never secrets or personal data. Each later slice adds its events here
 * and routes them to jobs in `jobs.ts` (EVENT_ROUTES).
 */
export const DOMAIN_EVENTS = {
  /** An e-mail row was stored and must be delivered (SMTP or the development mailbox). */
  'email.queued': z.object({ emailId: z.string().uuid() }),
  /**
   * A notice was stored for a user who has a push subscription or a verified phone (supplement
   * §16): it goes out by push/SMS as their preferences and quiet hours allow.
   */
  'notification.stored': z.object({ notificationId: z.string().uuid() }),
  /** An SMS row was stored (a phone code) and must be sent through the SMS provider. */
  'sms.queued': z.object({ smsId: z.string().uuid() }),
  /** An uploaded media object awaits processing (re-encode, resize, strip metadata). */
  'media.uploaded': z.object({ mediaId: z.string().uuid() }),
  /** A user's sessions were revoked (logout everywhere, block): sockets must close. */
  'user.sessions_revoked': z.object({ userId: z.string().uuid() }),
  /** A player asked another to be friends. */
  'friend.requested': z.object({ fromUserId: z.string().uuid(), toUserId: z.string().uuid() }),
  /** A friend request was accepted (`userId` accepted `friendId`'s request). */
  'friend.accepted': z.object({ userId: z.string().uuid(), friendId: z.string().uuid() }),
  /** A player started following an academy. */
  'follow.created': z.object({ followerId: z.string().uuid(), academyId: z.string().uuid() }),
  /** A post was published (friends of a player author, followers of an academy are told). */
  'post.created': z.object({ postId: z.string().uuid(), authorId: z.string().uuid() }),
  /** A post was liked (not announced on unlike). */
  'post.liked': z.object({ postId: z.string().uuid(), likerId: z.string().uuid() }),
  /** A comment or reply was added to a post. */
  'comment.created': z.object({
    commentId: z.string().uuid(),
    postId: z.string().uuid(),
    authorId: z.string().uuid(),
  }),
  /** A verified academy published a trial (its followers are told). */
  'trial.created': z.object({ trialId: z.string().uuid(), academyId: z.string().uuid() }),
  /** The academy cancelled a trial: succeeded payments are refunded, registrants told. */
  'trial.cancelled': z.object({ trialId: z.string().uuid() }),
  /** A player registered (pending payment or registered): the academy is told live. */
  'registration.created': z.object({
    registrationId: z.string().uuid(),
    trialId: z.string().uuid(),
  }),
  /** A pending registration's payment succeeded: it is now `registered`. */
  'registration.confirmed': z.object({ registrationId: z.string().uuid() }),
  /** The academy set `selected` or `rejected`. */
  'registration.status_changed': z.object({
    registrationId: z.string().uuid(),
    status: z.enum(['selected', 'rejected']),
  }),
  /** The academy shared its evaluation with the player (§17): the feedback report is told. */
  'registration.evaluation_shared': z.object({ registrationId: z.string().uuid() }),
  /** A pending registration's hold ran out (or the provider could not start): place freed. */
  'registration.expired': z.object({ registrationId: z.string().uuid() }),
  /** The player cancelled their registration (a paid one adds `payment.refund_requested`). */
  'registration.cancelled': z.object({ registrationId: z.string().uuid() }),
  /**
   * A consented minor registered (`awaiting_guardian`, place held 48 hours): each linked guardian
   * is told (in-app, e-mail); the academy is not (decision 42).
   */
  'registration.awaiting_guardian': z.object({ registrationId: z.string().uuid() }),
  /**
   * A full trial answered a registration `waitlisted` (supplement §17): it takes no place; the
   * player's screens are told.
   */
  'registration.waitlisted': z.object({
    registrationId: z.string().uuid(),
    trialId: z.string().uuid(),
  }),
  /**
   * A freed place went to the first waitlisted registration, in the transaction that freed it
   * (decision 49): now `registered`, `pending_payment` (30-minute hold) or `awaiting_guardian`.
   * The player is told in-app and by e-mail; the academy as for a new registration.
   */
  'registration.promoted': z.object({
    registrationId: z.string().uuid(),
    trialId: z.string().uuid(),
  }),
  /** A guardian's approval made it `registered` (free at once, paid once paid): now the academy is told. */
  'registration.approved': z.object({ registrationId: z.string().uuid() }),
  /** A guardian declined: the place is freed, the child told. */
  'registration.declined': z.object({ registrationId: z.string().uuid() }),
  /** A succeeded payment must go back to the payer (player cancelled, or paid after a full expiry). */
  'payment.refund_requested': z.object({ paymentId: z.string().uuid() }),
  /** The provider refunded a payment (status `refunded`). */
  'payment.refunded': z.object({
    paymentId: z.string().uuid(),
    registrationId: z.string().uuid(),
  }),
  /** A chat message was stored (not on a replayed send): the receiver may be notified. */
  'chat.message_sent': z.object({ messageId: z.string().uuid() }),
  /**
   * An administrator verified an academy (it may now publish trials): the academy is told in-app
   * and by e-mail. `auditId` is the decision's `admin_audit` record.
   */
  'academy.verified': z.object({ academyId: z.string().uuid(), auditId: z.string().uuid() }),
  /**
   * An administrator declined an academy's verification: the academy is told in-app and by
   * e-mail with the reason, read from the decision's `admin_audit` record (`auditId`).
   */
  'academy.declined': z.object({ academyId: z.string().uuid(), auditId: z.string().uuid() }),
  /** The owner (or, later, a guardian) asked for a data export: the worker builds its ZIP. */
  'data_export.requested': z.object({ exportId: z.string().uuid() }),
  /**
   * An account was deleted with `immediately` (or its erasure is otherwise due now): the worker
   * erases it. Accounts waiting their 30 days are found by the recurring `accounts.erase_due`.
   */
  'account.erase_requested': z.object({ userId: z.string().uuid() }),
} as const;

export type DomainEventType = keyof typeof DOMAIN_EVENTS;
export type DomainEventPayload<T extends DomainEventType> = z.infer<(typeof DOMAIN_EVENTS)[T]>;
export type DomainEvent = {
  [T in DomainEventType]: { type: T; payload: DomainEventPayload<T> };
}[DomainEventType];

export function isDomainEventType(value: string): value is DomainEventType {
  return Object.hasOwn(DOMAIN_EVENTS, value);
}

/**
 * The e-mails the product sends: each template's parameters. The API stores them sealed with the
 * e-mail row (`email.queued` names only the row); the worker opens, checks and renders them when
 * it sends, then the row's sealed content is wiped.
 */
export const EMAIL_TEMPLATES = {
  'auth.verify_code': z.object({ name: z.string(), code: z.string().regex(/^\d{6}$/) }),
  'auth.reset_code': z.object({ name: z.string(), code: z.string().regex(/^\d{6}$/) }),
  /** Registration (and, for a paid trial, payment) receipt. `amountKobo` 0 for a free trial. */
  'trials.registration_receipt': z.object({
    name: z.string(),
    trial: z.string(),
    referenceCode: z.string(),
    trialDate: z.string(),
    startTime: z.string(),
    venue: z.string(),
    amountKobo: z.number().int().min(0),
    currency: z.string(),
    paymentReference: z.string().nullable(),
    link: z.string(),
  }),
  /** To a guardian: their child registered for a trial and waits for their approval. */
  'trials.guardian_approval': z.object({
    childName: z.string(),
    trial: z.string(),
    academy: z.string(),
    trialDate: z.string(),
    venue: z.string(),
    amountKobo: z.number().int().min(0),
    currency: z.string(),
    expiresAt: z.string(),
    link: z.string(),
  }),
  /**
   * A waitlisted player was given a freed place (supplement §17): registered (free), to pay
   * before `holdExpiresAt` (paid), or waiting for the guardian's approval (a consented minor).
   */
  'trials.waitlist_promoted': z.object({
    name: z.string(),
    trial: z.string(),
    referenceCode: z.string(),
    trialDate: z.string(),
    startTime: z.string(),
    venue: z.string(),
    status: z.enum(['registered', 'pending_payment', 'awaiting_guardian']),
    amountKobo: z.number().int().min(0),
    currency: z.string(),
    /** A readable Lagos time when the place is held until (paid / guardian), else null. */
    holdUntil: z.string().nullable(),
    link: z.string(),
  }),
  /** Selection outcome. */
  'trials.outcome': z.object({
    name: z.string(),
    trial: z.string(),
    referenceCode: z.string(),
    outcome: z.enum(['selected', 'rejected']),
    link: z.string(),
  }),
  /**
   * The trial was cancelled; `refund` when the registrant's payment is being refunded; `byAdmin`
   * when Touchline's administrators cancelled it rather than the academy.
   */
  'trials.cancelled': z.object({
    name: z.string(),
    trial: z.string(),
    referenceCode: z.string(),
    reason: z.string(),
    refund: z.boolean(),
    link: z.string(),
    byAdmin: z.boolean().optional(),
  }),
  /** A payment was refunded. */
  'trials.refund': z.object({
    name: z.string(),
    trial: z.string(),
    referenceCode: z.string(),
    amountKobo: z.number().int().min(0),
    currency: z.string(),
    paymentReference: z.string(),
    link: z.string(),
  }),
  /** The academy's shared evaluation: the player's feedback report (§17). */
  'trials.feedback': z.object({
    name: z.string(),
    trial: z.string(),
    scores: z.array(z.object({ criterion: z.string(), score: z.number().int() })),
    notes: z.string(),
    measurements: z.array(z.object({ label: z.string(), value: z.string() })),
    link: z.string(),
  }),
  /** 24 hours before the trial. */
  'trials.reminder': z.object({
    name: z.string(),
    trial: z.string(),
    referenceCode: z.string(),
    trialDate: z.string(),
    startTime: z.string(),
    venue: z.string(),
    link: z.string(),
  }),
  /** An administrator verified the academy: it may now publish trials. */
  'academy.verified': z.object({ name: z.string(), link: z.string() }),
  /** An administrator declined the academy's verification, with the reason. */
  'academy.declined': z.object({ name: z.string(), reason: z.string(), link: z.string() }),
  /** The user's data export is ready to download until `expiresOn` (a readable date). */
  'account.export_ready': z.object({
    name: z.string(),
    expiresOn: z.string(),
    link: z.string(),
  }),
  /**
   * A child asks their guardian for consent (supplement §14): `link` is the consent page with its
   * single-use token (sealed until sent, like a code); `expiresOn` a readable date.
   */
  'guardian.consent_request': z.object({
    childName: z.string(),
    link: z.string(),
    expiresOn: z.string(),
  }),
  /** An academy has started a conversation with the guardian's child (supplement §14). */
  'guardian.contact': z.object({
    childName: z.string(),
    academyName: z.string(),
    link: z.string(),
  }),
  /** The child turned 18: the guardian link ended (to the guardian, and to the young adult). */
  'guardian.link_ended': z.object({
    childName: z.string(),
    toChild: z.boolean(),
    link: z.string(),
  }),
} as const;
export type EmailTemplate = keyof typeof EMAIL_TEMPLATES;
export type EmailParams<T extends EmailTemplate> = z.infer<(typeof EMAIL_TEMPLATES)[T]>;

export function isEmailTemplate(value: string): value is EmailTemplate {
  return Object.hasOwn(EMAIL_TEMPLATES, value);
}
