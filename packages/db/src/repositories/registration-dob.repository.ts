import { sql } from 'drizzle-orm';
import type { Transaction } from '../client';
import { rowsOf } from '../sql';

/**
 * The date of birth of the player's first registration, any status (cancelled and expired
 * included), or null. A profile without a date of birth is bound by it, so a register/cancel loop
 * cannot claim a different age each time (issue 25 item 10). Taken under a per-player transaction
 * lock, so two first registrations at once read one after the other. One index range
 * (`trial_registrations_player_created_idx`).
 */
export async function firstRegisteredDob(
  tx: Transaction,
  playerId: string,
): Promise<string | null> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`registration-dob:${playerId}`}))`);
  const result = await tx.execute(sql`
    select dob::text as dob from trial_registrations
    where player_id = ${playerId}::uuid
    order by created_at, id limit 1`);
  return rowsOf<{ dob: string }>(result)[0]?.dob ?? null;
}
