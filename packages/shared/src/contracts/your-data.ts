import { z } from 'zod';

/**
 * Your data (supplement §15; NDPA ss. 34–38): exporting one's data and deleting one's account.
 * `POST /api/me/export`, `GET /api/me/export`, `GET /api/me/export/{id}`, `DELETE /api/me`,
 * `GET /api/me/deletion`, `POST /api/account/restore`.
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

/** An export as its owner sees it. */
export const dataExportSchema = z.object({
  id: z.string().uuid(),
  status: z.enum(['pending', 'ready', 'failed', 'expired']),
  created_at: z.string(),
  ready_at: z.string().nullable(),
  /** Until when it can be downloaded (ready ones). */
  expires_at: z.string().nullable(),
  byte_size: z.number().int().nullable(),
  /** `GET` it with the owner's token (null unless ready). */
  download_url: z.string().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

/** `GET /api/me/export`: the latest export, and when the next one may be asked for. */
export const dataExportStatusSchema = z.object({
  export: dataExportSchema.nullable(),
  /** Null when an export may be asked for now. */
  next_export_at: z.string().nullable(),
});
export type DataExportStatus = z.infer<typeof dataExportStatusSchema>;

/** `POST /api/me/export` (202). */
export const dataExportStartedSchema = z.object({
  message: z.string(),
  export: dataExportSchema,
});

/** `GET /api/me/deletion`: how the owner confirms a deletion, and what it will do. */
export const deletionInfoSchema = z.object({
  /** `password`, or `google` for an account without a password (a fresh Google sign-in). */
  confirm_with: z.enum(['password', 'google']),
  erase_after_days: z.number().int(),
  /** Academies: trials still to come, cancelled (paid places refunded) by the deletion. */
  upcoming_trials: z.number().int(),
  /** Players: registrations still cancellable, cancelled (paid ones refunded) by the deletion. */
  open_registrations: z.number().int(),
});
export type DeletionInfo = z.infer<typeof deletionInfoSchema>;

/** `DELETE /api/me {password | id_token, immediately}`. */
export const deleteAccountBodySchema = z.object({
  password: z.string().max(YOUR_DATA_LIMITS.passwordMaxLength).optional(),
  id_token: z.string().max(YOUR_DATA_LIMITS.idTokenMaxLength).optional(),
  immediately: z.boolean().optional().default(false),
});
export type DeleteAccountBody = z.input<typeof deleteAccountBodySchema>;

export const accountDeletedSchema = z.object({
  message: z.string(),
  /** When the data is erased (now-ish for `immediately`). */
  erase_after: z.string(),
  immediately: z.boolean(),
});
export type AccountDeleted = z.infer<typeof accountDeletedSchema>;

/**
 * `POST /api/account/restore`: the same credentials as the sign-in that answered
 * `account.pending_deletion` (e-mail, password and area), or a Google ID token.
 */
export const restoreAccountBodySchema = z.object({
  email: z.string().max(254).optional(),
  password: z.string().max(YOUR_DATA_LIMITS.passwordMaxLength).optional(),
  is_academy: z.boolean().optional(),
  is_admin: z.boolean().optional(),
  id_token: z.string().max(YOUR_DATA_LIMITS.idTokenMaxLength).optional(),
});
export type RestoreAccountBody = z.infer<typeof restoreAccountBodySchema>;
