import { z } from 'zod';
import type { DomainEventPayload, DomainEventType } from './events';
import { LIMITS } from './limits';

/** Queue names: one BullMQ queue each in the scaled mode, one in-process lane in embedded mode. */
export const QUEUES = [
  'email',
  'media',
  'realtime',
  'notifications',
  'maintenance',
  'trials',
  'payments',
  'accounts',
  'feeds',
  'push',
  'sms',
] as const;
export type QueueName = (typeof QUEUES)[number];

/**
 * Every job the workers run: its queue and its payload schema. The worker refuses to start if a
 * job listed here has no handler. Job ids are deterministic (see `jobId`), so a job enqueued twice
 * runs once.
 */
export const JOBS = {
  'email.send': { queue: 'email', payload: z.object({ emailId: z.string().uuid() }) },
  /**
   * A stored notice to the recipient's devices (Web Push) and verified phone (SMS), as their
   * preferences allow; a minor's wait out quiet hours (the job is added again, delayed to 07:00).
   * Idempotent per notice and device: each delivery is recorded before it is sent.
   */
  'push.send': { queue: 'push', payload: z.object({ notificationId: z.string().uuid() }) },
  /** One stored SMS (a phone code) through the SMS provider. */
  'sms.send': { queue: 'sms', payload: z.object({ smsId: z.string().uuid() }) },
  'media.process': { queue: 'media', payload: z.object({ mediaId: z.string().uuid() }) },
  'realtime.sessions_revoked': {
    queue: 'realtime',
    payload: z.object({ userId: z.string().uuid() }),
  },
  'maintenance.prune': { queue: 'maintenance', payload: z.object({}) },
  /**
   * Turns a domain event into the recipient's notification (stored, counted, pushed live). The
   * payload names the event; the handler reads what it needs from the database.
   */
  'notifications.create': {
    queue: 'notifications',
    payload: z.object({
      eventId: z.string(),
      event: z.enum(['friend.requested', 'friend.accepted', 'follow.created']),
      actorId: z.string().uuid(),
      recipientId: z.string().uuid(),
    }),
  },
  /**
   * A like on a post: one row per post per clock hour for the owner, folded ('<name> and 4
   * others liked your post'), pushed live.
   */
  'notifications.like': {
    queue: 'notifications',
    payload: z.object({
      eventId: z.string(),
      postId: z.string().uuid(),
      likerId: z.string().uuid(),
    }),
  },
  /** A comment or reply: the post's owner and, for a reply, the replied comment's author. */
  'notifications.comment': {
    queue: 'notifications',
    payload: z.object({ eventId: z.string(), commentId: z.string().uuid() }),
  },
  /** A new post: the author's friends (player) or followers (academy), in batches. */
  'notifications.new_post': {
    queue: 'notifications',
    payload: z.object({ eventId: z.string(), postId: z.string().uuid() }),
  },
  /** A verified academy's new trial: its followers, in batches ('<academy> added a new trial'). */
  'notifications.new_trial': {
    queue: 'notifications',
    payload: z.object({ eventId: z.string(), trialId: z.string().uuid() }),
  },
  /** A cancelled trial: every registrant it cancelled, in-app and by e-mail (with the reason). */
  'notifications.trial_cancelled': {
    queue: 'notifications',
    payload: z.object({ eventId: z.string(), trialId: z.string().uuid() }),
  },
  /** A new registration, to the academy ('<name> registered for <trial>'), pushed live. */
  /**
   * A registration's status changed (any way: registered, confirmed, selected, rejected,
   * cancelled, expired, refunded): the typed change events to the academy and the player.
   */
  'changes.registration': {
    queue: 'notifications',
    payload: z.object({
      registrationId: z.string().uuid(),
      paymentId: z.string().uuid().optional(),
    }),
  },
  /** A trial was published or cancelled: `trial_changed` to its academy. */
  'changes.trial': {
    queue: 'notifications',
    payload: z.object({ trialId: z.string().uuid() }),
  },
  'notifications.registration': {
    queue: 'notifications',
    payload: z.object({ eventId: z.string(), registrationId: z.string().uuid() }),
  },
  /**
   * A waitlisted player was promoted (decision 49): told in-app and by e-mail; the academy told as
   * for a new registration when it may see it.
   */
  'notifications.waitlist_promoted': {
    queue: 'notifications',
    payload: z.object({ eventId: z.string(), registrationId: z.string().uuid() }),
  },
  /**
   * A change of a registration, to the player (in-app, and an e-mail: receipt on `confirmed`,
   * outcome on `selected`/`rejected`, refund on `refunded`, the feedback report on
   * `evaluation_shared`).
   */
  'notifications.registration_update': {
    queue: 'notifications',
    payload: z.object({
      eventId: z.string(),
      registrationId: z.string().uuid(),
      update: z.enum([
        'confirmed',
        'selected',
        'rejected',
        'expired',
        'refunded',
        'evaluation_shared',
      ]),
    }),
  },
  /**
   * A consented minor's registration and its guardian (decision 42): `requested` tells each
   * linked guardian (in-app, e-mail) that it waits for approval; `declined` and `expired` tell
   * the child the place was released.
   */
  'notifications.guardian_approval': {
    queue: 'notifications',
    payload: z.object({
      eventId: z.string(),
      registrationId: z.string().uuid(),
      update: z.enum(['requested', 'declined']),
    }),
  },
  /**
   * Expires one pending registration whose hold ran out (routed with a delay of the hold; a no-op
   * when it is no longer pending or not yet due, the sweep catches those).
   */
  'trials.expire_hold': {
    queue: 'trials',
    payload: z.object({ registrationId: z.string().uuid() }),
  },
  /** Recurring: every pending registration whose hold ran out is expired (safety net). */
  'trials.sweep_holds': { queue: 'trials', payload: z.object({}) },
  /** Recurring: registrants of trials starting within 24 hours, each reminded once. */
  'trials.remind': { queue: 'trials', payload: z.object({}) },
  /** Recurring: registrants not checked in once the trial day ended in Lagos become `no_show`. */
  'trials.mark_no_shows': { queue: 'trials', payload: z.object({}) },
  /** Refunds one succeeded payment through its provider (idempotent: refunded stays refunded). */
  'payments.refund': {
    queue: 'payments',
    payload: z.object({ paymentId: z.string().uuid() }),
  },
  /** A cancelled trial: a `payments.refund` per succeeded payment of its registrations. */
  'payments.refund_trial': {
    queue: 'payments',
    payload: z.object({ trialId: z.string().uuid() }),
  },
  /**
   * A chat message, to the receiver ('New message from <name>', link `/chat/<thread>`), run
   * `CHAT_NOTIFY_DELAY_MS` after the send: nothing when the message was deleted, the receiver
   * has read it (they were reading the conversation) or already has an unread one for it.
   */
  'notifications.chat_message': {
    queue: 'notifications',
    payload: z.object({ eventId: z.string(), messageId: z.string().uuid() }),
  },
  /**
   * An administrator's decision on an academy's verification, to the academy: in-app ('Your
   * academy has been verified…' / '…was declined: <reason>') and by e-mail. Nothing when a later
   * decision has replaced it (that one is told instead). The reason is read from the audit record.
   */
  'notifications.academy_review': {
    queue: 'notifications',
    payload: z.object({
      eventId: z.string(),
      academyId: z.string().uuid(),
      auditId: z.string().uuid(),
      decision: z.enum(['verified', 'declined']),
    }),
  },
  /**
   * Builds a data export's ZIP (JSON files and the owner's own media), streamed to private
   * storage, then tells the owner in-app and by e-mail. A no-op unless the export is pending.
   */
  'accounts.export': {
    queue: 'accounts',
    payload: z.object({ exportId: z.string().uuid() }),
  },
  /** Erases one deleted account whose erasure is due (a no-op otherwise: restored, erased). */
  'accounts.erase': {
    queue: 'accounts',
    payload: z.object({ userId: z.string().uuid() }),
  },
  /** Recurring: every deleted account whose 30 days are over is erased. */
  'accounts.erase_due': { queue: 'accounts', payload: z.object({}) },
  /**
   * Contact in the open (supplement §14): an academy's message to a minor, told at once to each
   * of the child's linked guardians (in-app and e-mail), once per conversation and guardian.
   */
  'notifications.guardian_contact': {
    queue: 'notifications',
    payload: z.object({ eventId: z.string(), messageId: z.string().uuid() }),
  },
  /**
   * Recurring: players who turned 18 (Lagos) lose their guardian links by themselves: links
   * ended, consent `not_needed`, both sides told; the consent ledger keeps its rows.
   */
  'guardians.end_at_18': { queue: 'accounts', payload: z.object({}) },
  /**
   * A new post goes into the home timeline of its author, their friends and followers, a batch
   * of users per statement, each timeline kept at its newest entries (decision 45).
   */
  'feeds.fan_out': { queue: 'feeds', payload: z.object({ postId: z.string().uuid() }) },
  /** Recurring: the popular posts of the last days ranked per state and sport (decision 45). */
  'feeds.rank_popular': { queue: 'feeds', payload: z.object({}) },
} as const satisfies Record<string, { queue: QueueName; payload: z.ZodType }>;

export type JobName = keyof typeof JOBS;
export type JobPayload<N extends JobName> = z.infer<(typeof JOBS)[N]['payload']>;

/** One consumer of an event: the job, and how its payload is made from the event's. */
export type EventRoute<E extends DomainEventType> = {
  [J in JobName]: {
    job: J;
    payload: (event: DomainEventPayload<E>, eventId: string) => JobPayload<J>;
    /** Run the job this long after the event is relayed (default at once). */
    delayMs?: number;
  };
}[JobName];

const notify = <E extends 'friend.requested' | 'friend.accepted' | 'follow.created'>(
  event: E,
  who: (p: DomainEventPayload<E>) => { actorId: string; recipientId: string },
): EventRoute<E> => ({
  job: 'notifications.create',
  payload: (p, eventId) => ({ eventId, event, ...who(p) }),
});

type RegistrationUpdate = JobPayload<'notifications.registration_update'>['update'];
const update = <
  E extends
    | 'registration.confirmed'
    | 'registration.status_changed'
    | 'registration.evaluation_shared'
    | 'registration.expired'
    | 'payment.refunded',
>(
  _event: E,
  kind: (p: DomainEventPayload<E>) => RegistrationUpdate,
): EventRoute<E> => ({
  job: 'notifications.registration_update',
  payload: (p, eventId) => ({ eventId, registrationId: p.registrationId, update: kind(p) }),
});

/** Every registration event also tells the screens: the typed `registration_changed`. */
const registrationChanged = {
  job: 'changes.registration',
  payload: (p: { registrationId: string }) => ({ registrationId: p.registrationId }),
} as const;
const trialChanged = {
  job: 'changes.trial',
  payload: (p: { trialId: string }) => ({ trialId: p.trialId }),
} as const;

/** A pending registration's hold, and a little more, before its expiry job runs. */
export const HOLD_EXPIRY_DELAY_MS = (LIMITS.paymentHoldMinutes * 60 + 5) * 1000;

/** A minor's registration's 48-hour hold for the guardian, and a little more. */
export const GUARDIAN_HOLD_EXPIRY_DELAY_MS = (LIMITS.guardianHoldMinutes * 60 + 5) * 1000;

/**
 * How long after a chat message its notification job runs: a receiver reading the conversation
 * marks it read within this time, and is then not notified.
 */
export const CHAT_NOTIFY_DELAY_MS = 3000;

/** Which jobs each domain event fans out to. Exhaustive: a new event must name its consumers. */
export const EVENT_ROUTES: { readonly [E in DomainEventType]: readonly EventRoute<E>[] } = {
  'email.queued': [{ job: 'email.send', payload: (p) => p }],
  'notification.stored': [{ job: 'push.send', payload: (p) => p }],
  'sms.queued': [{ job: 'sms.send', payload: (p) => p }],
  'media.uploaded': [{ job: 'media.process', payload: (p) => p }],
  'user.sessions_revoked': [{ job: 'realtime.sessions_revoked', payload: (p) => p }],
  'friend.requested': [
    notify('friend.requested', (p) => ({ actorId: p.fromUserId, recipientId: p.toUserId })),
  ],
  'friend.accepted': [
    notify('friend.accepted', (p) => ({ actorId: p.userId, recipientId: p.friendId })),
  ],
  'follow.created': [
    notify('follow.created', (p) => ({ actorId: p.followerId, recipientId: p.academyId })),
  ],
  'post.created': [
    // The notice first: the followers' open tabs see it within milliseconds (decision 60); the
    // timelines' rows follow.
    { job: 'notifications.new_post', payload: (p, eventId) => ({ eventId, postId: p.postId }) },
    { job: 'feeds.fan_out', payload: (p) => ({ postId: p.postId }) },
  ],
  'post.liked': [
    {
      job: 'notifications.like',
      payload: (p, eventId) => ({ eventId, postId: p.postId, likerId: p.likerId }),
    },
  ],
  'comment.created': [
    {
      job: 'notifications.comment',
      payload: (p, eventId) => ({ eventId, commentId: p.commentId }),
    },
  ],
  'trial.created': [
    { job: 'notifications.new_trial', payload: (p, eventId) => ({ eventId, trialId: p.trialId }) },
    trialChanged,
  ],
  'trial.cancelled': [
    { job: 'payments.refund_trial', payload: (p) => ({ trialId: p.trialId }) },
    {
      job: 'notifications.trial_cancelled',
      payload: (p, eventId) => ({ eventId, trialId: p.trialId }),
    },
    trialChanged,
  ],
  'registration.created': [
    {
      job: 'notifications.registration',
      payload: (p, eventId) => ({ eventId, registrationId: p.registrationId }),
    },
    {
      // A free registration is not pending: the job then does nothing.
      job: 'trials.expire_hold',
      payload: (p) => ({ registrationId: p.registrationId }),
      delayMs: HOLD_EXPIRY_DELAY_MS,
    },
    registrationChanged,
  ],
  'registration.confirmed': [
    update('registration.confirmed', () => 'confirmed'),
    registrationChanged,
  ],
  'registration.status_changed': [
    update('registration.status_changed', (p) => p.status),
    registrationChanged,
  ],
  'registration.evaluation_shared': [
    update('registration.evaluation_shared', () => 'evaluation_shared'),
    registrationChanged,
  ],
  'registration.expired': [update('registration.expired', () => 'expired'), registrationChanged],
  'registration.cancelled': [registrationChanged],
  'registration.awaiting_guardian': [
    {
      job: 'notifications.guardian_approval',
      payload: (p, eventId) => ({ eventId, registrationId: p.registrationId, update: 'requested' }),
    },
    {
      job: 'trials.expire_hold',
      payload: (p) => ({ registrationId: p.registrationId }),
      delayMs: GUARDIAN_HOLD_EXPIRY_DELAY_MS,
    },
    registrationChanged,
  ],
  'registration.waitlisted': [registrationChanged],
  'registration.promoted': [
    {
      job: 'notifications.waitlist_promoted',
      payload: (p, eventId) => ({ eventId, registrationId: p.registrationId }),
    },
    {
      // A consented minor's promotion waits for the guardian (decision 42): they are asked.
      job: 'notifications.guardian_approval',
      payload: (p, eventId) => ({ eventId, registrationId: p.registrationId, update: 'requested' }),
    },
    {
      // A paid promotion's 30-minute hold (a free or guardian's one: not due, the sweep's).
      job: 'trials.expire_hold',
      payload: (p) => ({ registrationId: p.registrationId }),
      delayMs: HOLD_EXPIRY_DELAY_MS,
    },
    registrationChanged,
  ],
  'registration.approved': [
    {
      // The academy's '<name> registered for <trial>' (and a free trial's confirmation).
      job: 'notifications.registration',
      payload: (p, eventId) => ({ eventId, registrationId: p.registrationId }),
    },
    registrationChanged,
  ],
  'registration.declined': [
    {
      job: 'notifications.guardian_approval',
      payload: (p, eventId) => ({ eventId, registrationId: p.registrationId, update: 'declined' }),
    },
    registrationChanged,
  ],
  'payment.refund_requested': [{ job: 'payments.refund', payload: (p) => p }],
  'payment.refunded': [
    update('payment.refunded', () => 'refunded'),
    {
      job: 'changes.registration',
      payload: (p) => ({ registrationId: p.registrationId, paymentId: p.paymentId }),
    },
  ],
  'chat.message_sent': [
    {
      job: 'notifications.chat_message',
      payload: (p, eventId) => ({ eventId, messageId: p.messageId }),
      delayMs: CHAT_NOTIFY_DELAY_MS,
    },
    {
      job: 'notifications.guardian_contact',
      payload: (p, eventId) => ({ eventId, messageId: p.messageId }),
    },
  ],
  'academy.verified': [
    {
      job: 'notifications.academy_review',
      payload: (p, eventId) => ({ eventId, ...p, decision: 'verified' }),
    },
  ],
  'academy.declined': [
    {
      job: 'notifications.academy_review',
      payload: (p, eventId) => ({ eventId, ...p, decision: 'declined' }),
    },
  ],
  'data_export.requested': [{ job: 'accounts.export', payload: (p) => p }],
  'account.erase_requested': [{ job: 'accounts.erase', payload: (p) => p }],
};

/** Recurring work, declared in one place. */
export const SCHEDULES: readonly { job: JobName; everyMs: number }[] = [
  { job: 'maintenance.prune', everyMs: 60 * 60 * 1000 },
  { job: 'trials.sweep_holds', everyMs: 5 * 60 * 1000 },
  { job: 'trials.remind', everyMs: 15 * 60 * 1000 },
  { job: 'trials.mark_no_shows', everyMs: 60 * 60 * 1000 },
  { job: 'accounts.erase_due', everyMs: 60 * 60 * 1000 },
  { job: 'guardians.end_at_18', everyMs: 60 * 60 * 1000 },
  { job: 'feeds.rank_popular', everyMs: 5 * 60 * 1000 },
];

/** Retry policy shared by both queue drivers. */
export const JOB_RETRY = { attempts: 5, backoffMs: 1000 } as const;

/** The deterministic id of the job an outbox event produces. */
export function jobIdFor(eventId: string | number, job: JobName): string {
  return `${job}:${eventId}`;
}
