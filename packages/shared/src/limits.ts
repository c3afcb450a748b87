/** Business constants and limits (specification §9 and supplement). One place for every number. */
export const LIMITS = {
  minSignupAge: 7,
  passwordMinLength: 6,
  passwordMaxLength: 128,
  nameMaxLength: 100,
  emailMaxLength: 254,
  bioMaxLength: 160,
  aboutMaxLength: 2000,
  postMaxLength: 5000,
  commentMaxLength: 2000,
  messageMaxLength: 2000,
  imageMaxBytes: 10 * 1024 * 1024,
  videoMaxBytes: 100 * 1024 * 1024,
  licenceMaxBytes: 10 * 1024 * 1024,
  feedPageSize: 10,
  chatPageSize: 50,
  notificationPageSize: 20,
  searchSuggestions: 7,
  commentsInitial: 3,
  commentsStep: 3,
  replyMaxDepth: 10,
  /** Comments a post carries, and a page of `GET /api/comments/{postId}` (thread order). */
  commentsPerPage: 30,
  otpLength: 6,
  otpTtlSeconds: 10 * 60,
  otpMaxAttempts: 5,
  otpResendSeconds: 60,
  otpMaxSendsPerHour: 5,
  accessTokenTtlSeconds: 15 * 60,
  refreshTokenTtlSeconds: 30 * 24 * 60 * 60,
  resetTokenTtlSeconds: 15 * 60,
  paymentHoldMinutes: 30,
  messageEditWindowMinutes: 15,
  maxPageSize: 100,
} as const;

/**
 * The home feed's numbers (supplement §4, decision 45): a snapshot of at most `networkCap`
 * network posts then `popularCap` popular posts of the last `popularDays`; a home timeline keeps
 * its newest `timelineCap` entries; the popular ranking keeps `popularPerScope` posts per state
 * and per sport; a post's fan-out writes `fanOutBatch` timelines per statement.
 */
export const FEED = {
  networkCap: 300,
  popularCap: 200,
  popularDays: 30,
  timelineCap: 800,
  popularPerScope: 400,
  fanOutBatch: 500,
} as const;

/** Client timings of the specification §9. */
export const TIMINGS = {
  sessionFailureRedirectMs: 1500,
  toastAutoHideMs: 5000,
  socketReconnectMs: 1000,
  rehydrateTimeoutMs: 5000,
  queryRetry: 3,
  queryCacheMs: 5 * 60 * 1000,
  feedScrollThreshold: 0.8,
  feedScrollThrottleMs: 150,
  postEntranceDelaySeconds: 0.09,
  videoVisibilityThreshold: 0.5,
} as const;

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const VIDEO_TYPES = ['video/mp4', 'video/webm'] as const;
export const LICENCE_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
