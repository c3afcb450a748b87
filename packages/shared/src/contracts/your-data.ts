import { z } from 'zod';
import { YOUR_DATA_LIMITS } from '../your-data-texts';

/**
 * Your data (supplement §15; NDPA ss. 34–38): exporting one's data and deleting one's account.
 * `POST /api/me/export`, `GET /api/me/export`, `GET /api/me/export/{id}`, `DELETE /api/me`,
 * `GET /api/me/deletion`, `POST /api/account/restore`.
 */

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
