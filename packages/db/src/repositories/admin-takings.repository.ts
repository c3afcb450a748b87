import { sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { rowsOf } from '../sql';

/** One academy's money in a period (kobo). */
export type AcademyTakingsRow = {
  academyId: string;
  username: string;
  email: string;
  /** Payments that succeeded (paid) in the period, later refunded ones included. */
  payments: number;
  gross: number;
  /** Payments refunded in the period. */
  refunded: number;
};

/**
 * Money per academy over `[from, to)` (instants): `gross` the payments paid in it (succeeded or
 * since refunded), `refunded` those refunded in it. Academies without either are left out.
 * Ordered by net, largest first, then by name.
 */
export async function sumTakingsByAcademy(
  executor: Executor,
  input: { from: Date; to: Date },
): Promise<AcademyTakingsRow[]> {
  const from = sql`${input.from.toISOString()}::timestamptz`;
  const to = sql`${input.to.toISOString()}::timestamptz`;
  const paid = sql`p.status in ('succeeded', 'refunded') and p.paid_at >= ${from} and p.paid_at < ${to}`;
  const refunded = sql`p.status = 'refunded' and p.refunded_at >= ${from} and p.refunded_at < ${to}`;
  const result = await executor.execute(sql`
    select a.id as "academyId", a.username, a.email,
      count(*) filter (where ${paid})::int as payments,
      coalesce(sum(p.amount_kobo) filter (where ${paid}), 0)::bigint::text as gross,
      coalesce(sum(p.amount_kobo) filter (where ${refunded}), 0)::bigint::text as refunded
    from payments p
    join trial_registrations r on r.id = p.registration_id
    join trials t on t.id = r.trial_id
    join users a on a.id = t.academy_id
    where (${paid}) or (${refunded})
    group by a.id, a.username, a.email
    order by (coalesce(sum(p.amount_kobo) filter (where ${paid}), 0)
      - coalesce(sum(p.amount_kobo) filter (where ${refunded}), 0)) desc, a.username, a.id`);
  return rowsOf<
    Omit<AcademyTakingsRow, 'gross' | 'refunded'> & { gross: string; refunded: string }
  >(result).map((row) => ({ ...row, gross: Number(row.gross), refunded: Number(row.refunded) }));
}
