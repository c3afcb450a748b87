import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { consentLedger, consentRequests, guardianLinks, users } from '../schema';
import { containsPattern, rowsOf } from '../sql';

/**
 * Guardians and consent (supplement §14): consent requests (tokens hashed at rest), guardian
 * links and the append-only consent ledger. SQL only; the rules are in the API's guardians
 * module (`guardians.rules.ts`).
 */

export type ConsentStatus = (typeof users.$inferSelect)['consentStatus'];
export type ConsentDecision = (typeof consentLedger.$inferSelect)['decision'];

/* ------------------------------------------------------------ consent requests */

/** A new request for the child's consent; the child's earlier unused requests stop working. */
export async function insertConsentRequest(
  executor: Executor,
  input: {
    childId: string;
    guardianEmail: string;
    guardianPhone: string | null;
    tokenHash: string;
    expiresAt: Date;
    at: Date;
  },
) {
  await executor
    .update(consentRequests)
    .set({ supersededAt: input.at })
    .where(
      and(
        eq(consentRequests.childId, input.childId),
        isNull(consentRequests.usedAt),
        isNull(consentRequests.supersededAt),
      ),
    );
  const [row] = await executor
    .insert(consentRequests)
    .values({
      childId: input.childId,
      guardianEmail: input.guardianEmail.toLowerCase(),
      guardianPhone: input.guardianPhone,
      tokenHash: input.tokenHash,
      expiresAt: input.expiresAt,
      createdAt: input.at,
    })
    .returning();
  return row!;
}

/** How many consent requests the child made since `since` (the resend limit). */
export async function countConsentRequestsSince(executor: Executor, childId: string, since: Date) {
  const [row] = await executor
    .select({ n: sql<number>`count(*)::int` })
    .from(consentRequests)
    .where(and(eq(consentRequests.childId, childId), gt(consentRequests.createdAt, since)));
  return row?.n ?? 0;
}

/** The child's latest request (whom to ask again on 'Resend to my guardian'). */
export async function latestConsentRequest(executor: Executor, childId: string) {
  const [row] = await executor
    .select()
    .from(consentRequests)
    .where(eq(consentRequests.childId, childId))
    .orderBy(desc(consentRequests.createdAt))
    .limit(1);
  return row ?? null;
}

export type ConsentRequestFacts = {
  id: string;
  childId: string;
  guardianEmail: string;
  expiresAt: Date;
  usedAt: Date | null;
  supersededAt: Date | null;
  child: {
    username: string;
    email: string;
    dob: string | null;
    consentStatus: ConsentStatus;
    erased: boolean;
    liveGuardians: number;
  };
};

/**
 * The request with this token hash and its child's facts, or null. `lock` takes the request's
 * and the child's rows for update (the decision that follows runs in the same transaction).
 */
export async function readConsentRequest(
  executor: Executor,
  tokenHash: string,
  lock = false,
): Promise<ConsentRequestFacts | null> {
  const result = await executor.execute(sql`
    select r.id, r.child_id as "childId", r.guardian_email as "guardianEmail",
      r.expires_at as "expiresAt", r.used_at as "usedAt", r.superseded_at as "supersededAt",
      u.username, u.email, to_char(u.dob, 'YYYY-MM-DD') as dob,
      u.consent_status as "consentStatus", (u.erased_at is not null or u.deleted_at is not null
        and u.consent_status <> 'withdrawn') as erased
    from consent_requests r join users u on u.id = r.child_id
    where r.token_hash = ${tokenHash}
    ${lock ? sql`for update of r, u` : sql``}`);
  const [row] = rowsOf<{
    id: string;
    childId: string;
    guardianEmail: string;
    expiresAt: string | Date;
    usedAt: string | Date | null;
    supersededAt: string | Date | null;
    username: string;
    email: string;
    dob: string | null;
    consentStatus: ConsentStatus;
    erased: boolean;
  }>(result);
  if (!row) return null;
  const liveGuardians = await countLiveGuardians(executor, row.childId);
  const at = (v: string | Date | null) => (v === null ? null : new Date(v));
  return {
    id: row.id,
    childId: row.childId,
    guardianEmail: row.guardianEmail,
    expiresAt: at(row.expiresAt)!,
    usedAt: at(row.usedAt),
    supersededAt: at(row.supersededAt),
    child: {
      username: row.username,
      email: row.email,
      dob: row.dob,
      consentStatus: row.consentStatus,
      erased: row.erased,
      liveGuardians,
    },
  };
}

export async function markConsentRequestUsed(executor: Executor, id: string, at: Date) {
  await executor.update(consentRequests).set({ usedAt: at }).where(eq(consentRequests.id, id));
}

/* ---------------------------------------------------------------- guardian links */

export async function countLiveGuardians(executor: Executor, childId: string) {
  const [row] = await executor
    .select({ n: sql<number>`count(*)::int` })
    .from(guardianLinks)
    .where(and(eq(guardianLinks.childId, childId), isNull(guardianLinks.endedAt)));
  return row?.n ?? 0;
}

/** Links the guardian to the child (a live link of the same pair is kept as it is). */
export async function linkGuardian(
  executor: Executor,
  input: { childId: string; guardianId: string; relationship: string; at: Date },
) {
  await executor
    .insert(guardianLinks)
    .values({ ...input, createdAt: input.at })
    .onConflictDoNothing();
}

/** Ends every live link of the child (consent withdrawn, or the child turned 18). */
export async function endGuardianLinks(
  executor: Executor,
  childId: string,
  input: { at: Date; reason: string },
) {
  const rows = await executor
    .update(guardianLinks)
    .set({ endedAt: input.at, endedReason: input.reason })
    .where(and(eq(guardianLinks.childId, childId), isNull(guardianLinks.endedAt)))
    .returning({ guardianId: guardianLinks.guardianId });
  return rows.map((r) => r.guardianId);
}

/**
 * The guardian's live link to the child, or null: every guardian route reads through this, so a
 * guardian reaches only children linked to them.
 */
export async function findLiveLink(executor: Executor, guardianId: string, childId: string) {
  const [row] = await executor
    .select()
    .from(guardianLinks)
    .where(
      and(
        eq(guardianLinks.guardianId, guardianId),
        eq(guardianLinks.childId, childId),
        isNull(guardianLinks.endedAt),
      ),
    );
  return row ?? null;
}

/** The guardian's linked children, oldest link first. */
export async function listLinkedChildren(executor: Executor, guardianId: string) {
  const result = await executor.execute(sql`
    select u.id, u.username, to_char(u.dob, 'YYYY-MM-DD') as dob, u.consent_status as "consentStatus",
      u.messaging, u.state, u.district, u.sports, u.profile_photo_media_id as "profilePhotoMediaId",
      l.relationship, l.created_at as "linkedAt"
    from guardian_links l join users u on u.id = l.child_id
    where l.guardian_id = ${guardianId} and l.ended_at is null and u.erased_at is null
    order by l.created_at, u.id`);
  return rowsOf<{
    id: string;
    username: string;
    dob: string | null;
    consentStatus: ConsentStatus;
    messaging: 'friends_and_academies' | 'friends' | 'nobody';
    state: string | null;
    district: string | null;
    sports: string[];
    profilePhotoMediaId: string | null;
    relationship: string;
    linkedAt: string | Date;
  }>(result);
}

/* ------------------------------------------------------------------ child state */

export async function setConsentStatus(executor: Executor, childId: string, status: ConsentStatus) {
  await executor.update(users).set({ consentStatus: status }).where(eq(users.id, childId));
}

export async function setChildMessaging(
  executor: Executor,
  childId: string,
  messaging: 'friends_and_academies' | 'friends' | 'nobody',
) {
  await executor.update(users).set({ messaging }).where(eq(users.id, childId));
}

/* --------------------------------------------------------------- consent ledger */

/** Appends one decision (the only write the ledger accepts). */
export async function appendConsentLedger(
  executor: Executor,
  input: {
    childId: string;
    guardianId: string | null;
    decision: ConsentDecision;
    relationship: string | null;
    noticeVersion: string;
    method: string;
    ip: string | null;
    userAgent: string | null;
    at: Date;
  },
) {
  const { at, ...values } = input;
  const [row] = await executor
    .insert(consentLedger)
    .values({ ...values, recordedAt: at })
    .returning();
  return row!;
}

export type LedgerEntry = {
  id: string;
  childId: string;
  childName: string;
  guardianId: string | null;
  guardianName: string | null;
  guardianEmail: string | null;
  decision: ConsentDecision;
  relationship: string | null;
  noticeVersion: string;
  method: string;
  ip: string | null;
  recordedAt: string | Date;
};

/**
 * Ledger rows, newest first: of one child, about one person as child or guardian (`personId`,
 * the export), or all matching `search` (administrators).
 */
export async function listConsentLedger(
  executor: Executor,
  input: { childId?: string; personId?: string; search?: string; limit: number; offset: number },
) {
  const conditions = [sql`true`];
  if (input.childId) conditions.push(sql`c.child_id = ${input.childId}`);
  if (input.personId)
    conditions.push(sql`(c.child_id = ${input.personId} or c.guardian_id = ${input.personId})`);
  if (input.search) {
    const pattern = containsPattern(input.search);
    conditions.push(
      sql`(cu.username ilike ${pattern} or cu.email ilike ${pattern} or gu.username ilike ${pattern} or gu.email ilike ${pattern})`,
    );
  }
  const result = await executor.execute(sql`
    select c.id, c.child_id as "childId", cu.username as "childName", c.guardian_id as "guardianId",
      gu.username as "guardianName", gu.email as "guardianEmail", c.decision, c.relationship,
      c.notice_version as "noticeVersion", c.method, c.ip, c.recorded_at as "recordedAt"
    from consent_ledger c
    join users cu on cu.id = c.child_id
    left join users gu on gu.id = c.guardian_id
    where ${sql.join(conditions, sql` and `)}
    order by c.recorded_at desc, c.id desc
    limit ${input.limit} offset ${input.offset}`);
  return rowsOf<LedgerEntry>(result);
}

/** Accounts awaiting a guardian's consent, oldest first (administrators), with the guardian asked. */
export async function listAwaitingConsent(
  executor: Executor,
  input: { search?: string; limit: number; offset: number },
) {
  const conditions = [sql`u.consent_status = 'awaiting_consent'`, sql`u.erased_at is null`];
  if (input.search) {
    const pattern = containsPattern(input.search);
    conditions.push(sql`(u.username ilike ${pattern} or u.email ilike ${pattern})`);
  }
  const result = await executor.execute(sql`
    select u.id, u.username, u.email, to_char(u.dob, 'YYYY-MM-DD') as dob, u.created_at as "createdAt",
      r.guardian_email as "guardianEmail", r.created_at as "requestedAt"
    from users u
    left join lateral (
      select guardian_email, created_at from consent_requests
      where child_id = u.id order by created_at desc limit 1
    ) r on true
    where ${sql.join(conditions, sql` and `)}
    order by u.created_at, u.id
    limit ${input.limit} offset ${input.offset}`);
  return rowsOf<{
    id: string;
    username: string;
    email: string;
    dob: string | null;
    createdAt: string | Date;
    guardianEmail: string | null;
    requestedAt: string | Date | null;
  }>(result);
}

/* ------------------------------------------------ what a guardian reads of a child */

/** The child's trial registrations with their trial, academy and latest payment, newest first. */
export async function listChildRegistrations(executor: Executor, childId: string) {
  const result = await executor.execute(sql`
    select r.id, r.reference_code as "referenceCode", r.status, r.created_at as "createdAt",
      t.id as "trialId", t.name as "trialName", to_char(t.trial_date, 'YYYY-MM-DD') as "trialDate",
      t.venue, a.username as "academyName",
      p.reference as "paymentReference", p.amount_kobo as "amountKobo", p.currency,
      p.status as "paymentStatus", p.paid_at as "paidAt"
    from trial_registrations r
    join trials t on t.id = r.trial_id
    join users a on a.id = t.academy_id
    left join lateral (
      select reference, amount_kobo, currency, status, paid_at from payments
      where registration_id = r.id order by created_at desc limit 1
    ) p on true
    where r.player_id = ${childId}
    order by r.created_at desc, r.id desc
    limit 100`);
  return rowsOf<{
    id: string;
    referenceCode: string;
    status: string;
    createdAt: string | Date;
    trialId: string;
    trialName: string;
    trialDate: string;
    venue: string;
    academyName: string;
    paymentReference: string | null;
    amountKobo: number | null;
    currency: string | null;
    paymentStatus: string | null;
    paidAt: string | Date | null;
  }>(result);
}

/** The child's conversations with academies, latest activity first (read only for guardians). */
export async function listChildAcademyThreads(executor: Executor, childId: string) {
  const result = await executor.execute(sql`
    select t.name as "threadName", a.id as "academyId", a.username as "academyName",
      t.last_activity_at as "lastActivityAt"
    from chat_threads t
    join users a on a.id = case when t.user_low = ${childId} then t.user_high else t.user_low end
    where (t.user_low = ${childId} or t.user_high = ${childId}) and a.role = 'academy'
    order by t.last_activity_at desc, t.id desc
    limit 100`);
  return rowsOf<{
    threadName: string;
    academyId: string;
    academyName: string;
    lastActivityAt: string | Date;
  }>(result);
}

/**
 * The messages of one of the child's academy conversations, oldest first (at most `limit`), or
 * null when the thread is not a conversation between this child and an academy.
 */
export async function listChildAcademyMessages(
  executor: Executor,
  input: { childId: string; threadName: string; limit: number },
) {
  const threads = rowsOf<{ id: string }>(
    await executor.execute(sql`
      select t.id from chat_threads t
      join users a on a.id = case when t.user_low = ${input.childId} then t.user_high else t.user_low end
      where t.name = ${input.threadName}
        and (t.user_low = ${input.childId} or t.user_high = ${input.childId})
        and a.role = 'academy'`),
  );
  const thread = threads[0];
  if (!thread) return null;
  const result = await executor.execute(sql`
    select * from (
      select m.id, m.sender_id as "senderId", s.username as "senderName",
        case when m.deleted_at is null then m.text else '' end as text,
        m.deleted_at is not null as deleted, m.created_at as "createdAt"
      from chat_messages m join users s on s.id = m.sender_id
      where m.thread_id = ${thread.id}
      order by m.id desc limit ${input.limit}
    ) recent order by id`);
  return rowsOf<{
    id: string;
    senderId: string;
    senderName: string;
    text: string;
    deleted: boolean;
    createdAt: string | Date;
  }>(result);
}
