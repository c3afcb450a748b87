/**
 * Domain error codes, `<domain>.<reason>`: the API builds its errors from these and the clients
 * branch on them, so a code is renamed in one place or not at all. Cross-cutting codes are in
 * `ERROR_CODES` (errors.ts).
 */
export const AUTH_ERRORS = {
  emailTaken: 'auth.email_taken',
  invalidCredentials: 'auth.invalid_credentials',
  wrongArea: 'auth.wrong_area',
  /** 403: the web client reads it as "e-mail not verified" and opens the code screen. */
  unverified: 'auth.unverified',
  codeInvalid: 'auth.code_invalid',
  codeExpired: 'auth.code_expired',
  codeAttempts: 'auth.code_attempts',
  resendTooSoon: 'auth.resend_too_soon',
  resendLimit: 'auth.resend_limit',
  alreadyVerified: 'auth.already_verified',
  resetTokenInvalid: 'auth.reset_token_invalid',
  googleDisabled: 'auth.google_disabled',
  googleInvalid: 'auth.google_invalid',
  googleEmailTaken: 'auth.google_email_taken',
  /** 400: the e-mail's account is bound to another Google account (another `sub`). */
  googleOtherAccount: 'auth.google_other_account',
  licenceRequired: 'auth.licence_required',
  licenceType: 'auth.licence_type',
  licenceSize: 'auth.licence_size',
} as const;

export const POSTS_ERRORS = {
  notFound: 'posts.not_found',
  empty: 'posts.empty',
  notOwner: 'posts.not_owner',
  oneMediaOnly: 'posts.one_media_only',
  unknownFileField: 'posts.unknown_file_field',
  imageTooLarge: 'posts.image_too_large',
  videoTooLarge: 'posts.video_too_large',
  badCursor: 'posts.bad_cursor',
  userNotFound: 'posts.user_not_found',
  commentEmpty: 'posts.comment_empty',
  cannotComment: 'posts.cannot_comment',
  parentNotFound: 'posts.parent_not_found',
  /** 400: a reply to a comment already at `LIMITS.replyMaxDepth`. */
  replyTooDeep: 'posts.reply_too_deep',
  commentNotFound: 'posts.comment_not_found',
  cannotDeleteComment: 'posts.cannot_delete_comment',
  reportOwn: 'posts.report_own',
} as const;

export const PROFILES_ERRORS = {
  notFound: 'profiles.not_found',
  achievementNotFound: 'profiles.achievement_not_found',
  experienceNotFound: 'profiles.experience_not_found',
  playersOnly: 'profiles.players_only',
  fieldNotAllowed: 'profiles.field_not_allowed',
  academyNotFound: 'profiles.academy_not_found',
  limitReached: 'profiles.limit_reached',
  /** 403: the date of birth is set once; only an administrator corrects it (supplement §13). */
  dobLocked: 'profiles.dob_locked',
} as const;

export const SOCIAL_ERRORS = {
  userNotFound: 'social.user_not_found',
  self: 'social.self',
  playersOnly: 'social.players_only',
  notAcademy: 'social.not_academy',
  playersFollow: 'social.players_follow',
  alreadyFriends: 'social.already_friends',
  alreadyRequested: 'social.already_requested',
  noRequest: 'social.no_request',
  notFriends: 'social.not_friends',
  notFollowing: 'social.not_following',
  notBlocked: 'social.not_blocked',
  /** 403: friend requests never cross the 18 line, an adult player and a minor (§13). */
  acrossAgeLine: 'social.across_age_line',
} as const;

export const MEDIA_ERRORS = {
  imageRequired: 'media.image_required',
  invalidImageType: 'media.invalid_image_type',
  imageTooLarge: 'media.image_too_large',
  imageDimensions: 'media.image_dimensions',
  invalidVideoType: 'media.invalid_video_type',
  /** Typed MP4 or WebM by its first bytes, yet no video stream can be read from it. */
  unreadableVideo: 'media.unreadable_video',
} as const;

export const NOTIFICATIONS_ERRORS = {
  notFound: 'notifications.not_found',
} as const;

export const ADMIN_ERRORS = {
  /** 403: an administrator cannot block their own account. */
  blockSelf: 'admin.block_self',
  /** 403: administrators are not blocked by other administrators (nor by themselves). */
  blockAdmin: 'admin.block_admin',
} as const;

/** Your data (supplement §15): exports and account deletion; texts in `YOUR_DATA_MESSAGES`. */
export const YOUR_DATA_ERRORS = {
  /** 429: one export a day. */
  exportTooSoon: 'your_data.export_too_soon',
  /** 404: no such export of the caller's. */
  exportNotFound: 'your_data.export_not_found',
  /** 410: the export's 7 days are over. */
  exportExpired: 'your_data.export_expired',
  /** 409: the export is still being prepared, or failed. */
  exportNotReady: 'your_data.export_not_ready',
  /** 400: the deletion's confirmation (password or Google sign-in) is missing or wrong. */
  confirmationRequired: 'your_data.confirmation_required',
  confirmationWrong: 'your_data.confirmation_wrong',
  /** 403: the last administrator cannot delete their account. */
  lastAdmin: 'your_data.last_admin',
  /**
   * 409 at sign-in (`/api/login`, `/api/token/`, `/api/google`): the account was deleted and waits
   * for erasure; the client offers 'Restore my account' (`POST /api/account/restore`).
   */
  pendingDeletion: 'account.pending_deletion',
  /**
   * 401 on any signed-in request or refresh of a deleted account (its other tabs): the client
   * ends the session saying the account was deleted.
   */
  accountDeleted: 'account.deleted',
  /** 409: restore asked for an account that is not waiting for erasure. */
  notPending: 'your_data.not_pending',
} as const;

/** Trials and registrations; each code's text is `TRIAL_MESSAGES[<key>]` (contracts/trials.ts). */
export const TRIALS_ERRORS = {
  /** 404: no registration waiting for this guardian (not linked, or unknown). */
  approvalNotFound: 'trials.approval_not_found',
  /** 409: the registration no longer waits for a guardian (decided, expired, trial cancelled). */
  approvalClosed: 'trials.approval_closed',
  /** 404. */
  notFound: 'trials.not_found',
  /** 409: the registration holds no place waiting for the player's payment (decision 49). */
  notYourPendingPayment: 'trials.no_payment_due',
  /** 403: 'Only verified academies can create trials'. */
  notVerified: 'trials.not_verified',
  /** 403: another academy's trial (or registrants, or registration). */
  notOwner: 'trials.not_owner',
  /** 403: only players register. */
  playersOnly: 'trials.players_only',
  /** 409: the trial is cancelled (no registration, no edit). */
  cancelled: 'trials.cancelled',
  /** 409: 'Deadline Over' (Lagos today is after the deadline). */
  deadlinePassed: 'trials.deadline_passed',
  /** 409: 'Slot Full'. */
  full: 'trials.full',
  /** 403: the player's age on the trial date is outside [min_age, max_age]. */
  ageOutOfRange: 'trials.age_out_of_range',
  /** 409: the player already has a live registration for this trial. */
  alreadyRegistered: 'trials.already_registered',
  /** 409: the fee cannot change once anyone registered. */
  feeLocked: 'trials.fee_locked',
  /** 409: the sport cannot change once anyone registered. */
  sportLocked: 'trials.sport_locked',
  /** 409: the requirements cannot change once anyone registered (their answers refer to them). */
  requirementsLocked: 'trials.requirements_locked',
  /** 409: the participant limit below the registered count. */
  limitBelowCount: 'trials.limit_below_count',
  /** 404. */
  registrationNotFound: 'trials.registration_not_found',
  /** 409: not live any more, or the deadline passed. */
  cannotCancelRegistration: 'trials.cannot_cancel_registration',
  /** 409: selected/rejected only on registered/selected/rejected registrations. */
  statusNotAllowed: 'trials.status_not_allowed',
  /** 400: the answers are not exactly one non-empty answer per requirement. */
  answersInvalid: 'trials.answers_invalid',
  /** 400: the registration's date of birth differs from the player's (locked) profile one. */
  dobMismatch: 'trials.dob_mismatch',
  /** 409: the academy is not verified (any more) or blocked. */
  academyUnavailable: 'trials.academy_unavailable',
  /** 409: the registration holds no visible place (unpaid, awaiting a guardian, cancelled…). */
  checkInNotAllowed: 'trials.check_in_not_allowed',
} as const;

/** Payments; each code's text is `PAYMENT_MESSAGES[<key>]` (contracts/payments.ts). */
export const PAYMENTS_ERRORS = {
  /** 502: the provider could not start the transaction (the hold is released). */
  unavailable: 'payments.unavailable',
  /** 404: unknown reference, or neither the payer nor the trial's academy. */
  notFound: 'payments.not_found',
  /** 401: a webhook whose signature does not verify (nothing changes). */
  badSignature: 'payments.bad_signature',
  /** 404: the sandbox checkout with another provider configured. */
  sandboxDisabled: 'payments.sandbox_disabled',
  /** 409: the payment is no longer pending. */
  alreadyFinal: 'payments.already_final',
  /** 400: amount or currency differ from the payment's. */
  amountMismatch: 'payments.amount_mismatch',
} as const;

/**
 * Chat; texts in `CHAT_MESSAGES` (contracts/chat.ts). Validation problems answer the shared 400
 * `validation_error` with the `CHAT_MESSAGES` text.
 */
export const CHAT_ERRORS = {
  /** 403: this pair may not talk (the message is the reason: `CHAT_MESSAGES.blocked`, `minor`…). */
  notAllowed: 'chat.not_allowed',
  /** 404: no such conversation, or the caller is not one of its two members. */
  notFound: 'chat.not_found',
  /** 404: no such message in a conversation of the caller's. */
  messageNotFound: 'chat.message_not_found',
  /** 403: editing or deleting another member's message. */
  notYours: 'chat.not_yours',
  /** 403: the 15 minutes to edit or delete have passed. */
  editWindow: 'chat.edit_window',
  /** 404: the receiver does not exist (or is inactive, or has not verified the e-mail). */
  userNotFound: 'chat.user_not_found',
  /** 400: messaging yourself. */
  self: 'chat.self',
} as const;

/** Trial-day evaluations; each code's text is `EVALUATION_MESSAGES[<key>]` (contracts/evaluations.ts). */
export const EVALUATIONS_ERRORS = {
  /** 409: not a registrant holding a place, or the trial's day has not come. */
  notEligible: 'evaluations.not_eligible',
} as const;

type ValueOf<T> = T[keyof T];
/** Every domain error code the API can answer with. */
export type DomainErrorCode =
  | ValueOf<typeof AUTH_ERRORS>
  | ValueOf<typeof POSTS_ERRORS>
  | ValueOf<typeof PROFILES_ERRORS>
  | ValueOf<typeof SOCIAL_ERRORS>
  | ValueOf<typeof MEDIA_ERRORS>
  | ValueOf<typeof NOTIFICATIONS_ERRORS>
  | ValueOf<typeof ADMIN_ERRORS>
  | ValueOf<typeof TRIALS_ERRORS>
  | ValueOf<typeof EVALUATIONS_ERRORS>
  | ValueOf<typeof PAYMENTS_ERRORS>
  | ValueOf<typeof CHAT_ERRORS>
  | ValueOf<typeof YOUR_DATA_ERRORS>;
