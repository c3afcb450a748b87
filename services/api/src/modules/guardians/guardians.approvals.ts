import type { Database } from '@touchline/db';
import { listPendingApprovals } from '@touchline/db/trials';
import type { PendingApproval } from '@touchline/shared';

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

/**
 * The child's registrations waiting for the guardian (decision 42), as `GET
 * /api/guardian/children/{id}` lists them under `approvals` (the caller checked the live link).
 * Deciding is the trials module's (`POST /api/guardian/approvals/{registrationId}`).
 */
export async function pendingApprovalsOf(
  db: Database,
  input: { childId: string; guardianId: string },
): Promise<PendingApproval[]> {
  const rows = await listPendingApprovals(db, input);
  return rows.map((r) => ({
    id: r.id,
    reference_code: r.referenceCode,
    hold_expires_at: iso(r.holdExpiresAt),
    created_at: iso(r.createdAt)!,
    trial: {
      id: r.trialId,
      name: r.trialName,
      trial_date: r.trialDate,
      venue: r.venue,
      academy: r.academyName,
      registration_fee: r.feeKobo,
      currency: r.currency,
    },
    payment: r.payment,
  }));
}
