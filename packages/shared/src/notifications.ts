/**
 * Notification kinds with their texts and links (supplement §8). Texts are stored as written at
 * creation; links are SPA paths.
 */
export const NOTIFICATION_KINDS = [
  'friend_request',
  'friend_accepted',
  'follow',
  'like',
  'comment',
  'reply',
  'new_post',
  'new_trial',
  'trial_registration',
  'registration_update',
  'academy_review',
  'message',
  'system',
] as const;
/** One of the kinds; as a schema, `notificationKindSchema` (realtime.ts: this module has no zod). */
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const profileLink = (userId: string, role: string) =>
  role === 'academy' ? `/academy/profile/${userId}` : `/profile/${userId}`;

export const NOTIFICATION_TEXTS = {
  friendRequest: (name: string) => `${name} sent you a friend request`,
  friendAccepted: (name: string) => `${name} accepted your friend request`,
  follow: (name: string) => `${name} started following you`,
  /** Likes within the same hour fold into one row: 'Ada and 4 others liked your post'. */
  like: (name: string, others = 0) =>
    others <= 0
      ? `${name} liked your post`
      : `${name} and ${others} ${others === 1 ? 'other' : 'others'} liked your post`,
  comment: (name: string) => `${name} commented on your post`,
  reply: (name: string) => `${name} replied to your comment`,
  newPost: (name: string) => `${name} added a new post`,
  newTrial: (academy: string) => `${academy} added a new trial`,
  trialRegistration: (name: string, trial: string) => `${name} registered for ${trial}`,
  registrationConfirmed: (trial: string) => `Your registration for ${trial} is confirmed`,
  /** To the academy when a paid registration's payment is confirmed. */
  registrationPaid: (name: string, trial: string) => `${name} paid for ${trial}`,
  registrationSelected: (trial: string) => `You have been selected at ${trial}`,
  registrationRejected: (trial: string) => `You were not selected at ${trial}`,
  evaluationShared: (trial: string) => `Your feedback from ${trial} is ready`,
  registrationExpired: (trial: string) =>
    `Your place at ${trial} was released because payment was not completed`,
  trialCancelled: (trial: string) => `${trial} has been cancelled`,
  /** To a waitlisted player given a freed place (supplement §17): what to do next, by status. */
  waitlistPromoted: (
    trial: string,
    next: 'registered' | 'pending_payment' | 'awaiting_guardian',
  ) =>
    next === 'registered'
      ? `A place opened at ${trial}: you are registered`
      : next === 'pending_payment'
        ? `A place opened at ${trial}: pay within 30 minutes to keep it`
        : `A place opened at ${trial}: your guardian's approval is needed`,
  /** To each linked guardian when a consented minor registers (link `/guardian/home`). */
  guardianApprovalRequested: (child: string, trial: string) =>
    `${child} registered for ${trial}: your approval is needed`,
  /** To the child when a guardian declines (or the 48-hour hold runs out). */
  registrationDeclinedByGuardian: (trial: string) =>
    `Your guardian declined your registration for ${trial}`,
  guardianApprovalExpired: (trial: string) =>
    `Your place at ${trial} was released because your guardian did not approve in time`,
  refundIssued: (trial: string) => `Your payment for ${trial} has been refunded`,
  trialReminder: (trial: string) => `Reminder: ${trial} is tomorrow`,
  /** A chat message (kind `message`, link `chatLink(thread)`). */
  chatMessage: (name: string) => `New message from ${name}`,
  /** To the academy (kind `academy_review`, link `ACADEMY_REVIEW_LINKS.verified`). */
  academyVerified: () => 'Your academy has been verified: you can now publish trials',
  /** To the academy (kind `academy_review`, link `ACADEMY_REVIEW_LINKS.declined`). */
  academyDeclined: (reason: string) => `Your academy verification was declined: ${reason}`,
} as const;

/**
 * Where the academy's review notification leads: a verified academy to adding its first trial,
 * a declined one to its profile (where it updates its details and licence).
 */
export const ACADEMY_REVIEW_LINKS = {
  verified: '/academy/add_trial',
  declined: '/academy/profile',
} as const;

export const postLink = (postId: string) => `/view_post_details/${postId}`;

/** A conversation's page (a chat message notification's link). */
export const chatLink = (threadName: string) => `/chat/${threadName}`;

/** A trial's page for players (new trial, and every registration notification to the player). */
export const trialLink = (trialId: string) => `/trial_details/${trialId}`;
/** The academy's page of its trial (new registration). */
export const academyTrialLink = (trialId: string) => `/academy/trial_details/${trialId}`;
