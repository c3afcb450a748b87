import { z } from 'zod';

/**
 * A guardian's answer to a consented minor's trial registration (supplement §14, decision 42):
 * `POST /api/guardian/approvals/{registrationId} {decision}`. Approving a paid trial answers the
 * checkout the guardian pays through (the player's payment page flow, the guardian the payer).
 */
export const GUARDIAN_APPROVAL_DECISIONS = ['approve', 'decline'] as const;
export type GuardianApprovalDecision = (typeof GUARDIAN_APPROVAL_DECISIONS)[number];

export const guardianApprovalBodySchema = z.object({
  decision: z.enum(GUARDIAN_APPROVAL_DECISIONS, { error: 'Decision must be approve or decline' }),
});
export type GuardianApprovalBody = z.infer<typeof guardianApprovalBodySchema>;

export const guardianApprovalResponseSchema = z.object({
  message: z.string(),
  id: z.string(),
  /** `registered` (free, approved), `awaiting_guardian` (paid: pay to confirm), `cancelled`. */
  status: z.string(),
  /** Approving a paid trial: where the guardian pays (the normal checkout). */
  payment: z.object({ reference: z.string(), authorization_url: z.string() }).optional(),
});
export type GuardianApprovalResponse = z.infer<typeof guardianApprovalResponseSchema>;

/** A registration waiting for the guardian, as `GET /api/guardian/children/{id}` lists it. */
export const pendingApprovalSchema = z.object({
  id: z.string(),
  reference_code: z.string(),
  hold_expires_at: z.string().nullable(),
  created_at: z.string(),
  trial: z.object({
    id: z.string(),
    name: z.string(),
    trial_date: z.string(),
    venue: z.string(),
    academy: z.string(),
    registration_fee: z.number().int(),
    currency: z.string(),
  }),
  /** The guardian's open checkout for a paid trial (after 'Approve'), or null. */
  payment: z
    .object({ reference: z.string(), status: z.string(), authorization_url: z.string().nullable() })
    .nullable(),
});
export type PendingApproval = z.infer<typeof pendingApprovalSchema>;
