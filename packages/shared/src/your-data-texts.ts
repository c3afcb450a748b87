/**
 * Your data's constants and texts, without zod: the web's first load (the login page's session
 * expiry notice) imports them without pulling the contract's schemas in (contracts/your-data.ts).
 */
export const YOUR_DATA_LIMITS = {
  /** At most one export per this many hours per user (a failed one does not count). */
  exportEveryHours: 24,
  /** An export can be downloaded this long after it is ready; then its file is deleted. */
  exportDays: 7,
  /** A deleted account is erased this long after the deletion, unless restored first. */
  eraseAfterDays: 30,
  /** A Google ID token proving a Google account's deletion must be at most this old. */
  googleFreshSeconds: 5 * 60,
  passwordMaxLength: 128,
  idTokenMaxLength: 4096,
} as const;

/** What the erased account reads as, wherever its name was shown (chat, trial registrations). */
export const DELETED_USER_NAME = 'Deleted user';

export const YOUR_DATA_MESSAGES = {
  exportStarted: "We're preparing your data. We'll tell you here and by e-mail when it's ready.",
  /** 429: a second export within the day. `at` is when the next one is possible (readable). */
  exportTooSoon: (at: string) =>
    `You can ask for one export a day. Your next export is possible from ${at}.`,
  exportNotFound: 'Export not found',
  /** 410: the 7 days ran out (the file is deleted). */
  exportExpired: 'This export has expired (downloads are kept for 7 days). Ask for a new one.',
  exportNotReady: 'This export is not ready yet',
  exportFailed: 'This export could not be prepared. Ask for a new one.',
  passwordRequired: 'Enter your password to delete your account',
  passwordWrong: 'The password is not correct',
  googleRequired: 'Sign in with Google again to delete your account',
  googleStale:
    'Your Google sign-in is too old to confirm a deletion: sign in with Google again and retry',
  googleMismatch: 'That Google account is not the one this account signs in with',
  lastAdmin:
    'You are the last administrator: create another administrator before deleting this account',
  deleted: 'Your account has been deleted',
  deletedAndErased: 'Your account and its data have been deleted',
  /** 409 at sign-in: the account waits for erasure (`date` readable). */
  pendingDeletion: (date: string) =>
    `This account was deleted and will be erased on ${date}. You can restore it until then.`,
  restored: 'Your account is restored. Welcome back!',
  notPending: 'This account is not waiting for deletion',
  /** The notice when an export is ready (kind `system`, link `/settings`). */
  exportReadyNotice: 'Your data export is ready to download',
  /** The reason the trials of an academy that deleted its account are cancelled with. */
  academyClosedReason: 'The academy has closed its Touchline account',
} as const;

/** Where 'Your data' lives in the web app (the export notice's link). */
export const YOUR_DATA_PATH = '/settings';
