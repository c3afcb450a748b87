import type { Database } from '@touchline/db';
import { restoreDeletedAccount } from '@touchline/db/accounts';
import { insertAdminAudit } from '@touchline/db/admin';
import {
  appendConsentLedger,
  countConsentRequestsSince,
  findLiveLink,
  latestConsentRequest,
  linkGuardian,
  listChildAcademyMessages,
  listChildAcademyThreads,
  listChildRegistrations,
  listLinkedChildren,
  readConsentRequest,
  setChildMessaging,
  setConsentStatus,
  markConsentRequestUsed,
} from '@touchline/db/guardians';
import { sharedFeedbackFor } from '@touchline/db/trials';
import { findUserByEmail, findUserById, insertUser, lockUserRow } from '@touchline/db/users';
import { isUniqueViolation } from '@touchline/db';
import {
  ageOn,
  CONSENT_NOTICE,
  CONSENT_NOTICE_VERSION,
  GUARDIAN_LIMITS,
  GUARDIAN_MESSAGES,
  AUTH_MESSAGES,
  todayInLagos,
  type ChildMessaging,
  type ChildSummary,
  type ConsentDecisionBody,
  feedbackOf,
} from '@touchline/shared';
import type { CodesService } from '../auth/auth.codes.service';
import { authErrors } from '../auth/auth.errors';
import { hashPassword } from '../auth/auth.passwords';
import { pendingApprovalsOf } from './guardians.approvals';
import { guardianErrors } from './guardians.errors';
import type { GuardianAsker } from './guardians.requests';
import { consentTokenHash } from './guardians.requests';
import { decideConsentLink, decideResend, type ConsentLinkRefusal } from './guardians.rules';

/** How a guardian's consent was checked, as the ledger records it. */
const CONSENT_METHOD = 'email_link+guardian_account_email_code';

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

function refusal(reason: ConsentLinkRefusal) {
  switch (reason) {
    case 'used':
      return guardianErrors.linkUsed();
    case 'expired':
      return guardianErrors.linkExpired();
    case 'guardian_only':
      return guardianErrors.guardianOnly();
    case 'self_consent':
      return guardianErrors.selfConsent();
    case 'too_many_guardians':
      return guardianErrors.tooManyGuardians();
    default:
      return guardianErrors.linkInvalid();
  }
}

export type Client = { ip?: string; userAgent?: string };

/**
 * Guardians and consent (supplement §14). Every guardian route goes through `requireLink`
 * (a live link between this guardian and this child, else the same 404 as an unknown id), so a
 * guardian reaches only their own children. Withdrawal reuses 'Your data' deletion (frozen,
 * signed out, sockets closed, erased after 30 days) through `freeze`.
 */
export function createGuardiansService(deps: {
  db: Database;
  clock: () => Date;
  askGuardian: GuardianAsker;
  codes: Pick<CodesService, 'issue'>;
  mediaUrl: (mediaId: string | null) => Promise<string | null>;
  /** 'Your data' deletion of the child, asked by the guardian (never immediate here). */
  freeze: (input: { subjectId: string; actorId: string }) => Promise<unknown>;
  /** After a commit that changed a child's consent: every API instance forgets their sessions. */
  forgetSessions: (userId: string) => Promise<void>;
}) {
  const { db, clock } = deps;

  async function requireLink(guardianId: string, childId: string) {
    const link = await findLiveLink(db, guardianId, childId);
    if (!link) throw guardianErrors.childNotFound();
    return link;
  }

  async function readLink(token: string, guardianId: string | null, lock = false, tx = db) {
    const request = await readConsentRequest(tx, consentTokenHash(token), lock);
    if (!request) throw guardianErrors.linkInvalid();
    const guardian = guardianId ? await findUserById(tx, guardianId) : null;
    const alreadyLinked = guardianId
      ? (await findLiveLink(tx, guardianId, request.childId)) !== null
      : false;
    const decision = decideConsentLink({
      now: clock(),
      request,
      child: { id: request.childId, ...request.child },
      guardian: guardian ? { id: guardian.id, role: guardian.role, email: guardian.email } : null,
      liveGuardians: request.child.liveGuardians,
      alreadyLinked,
    });
    if (!decision.ok) throw refusal(decision.reason);
    return request;
  }

  const ageOf = (dob: string | null) => (dob ? ageOn(dob, todayInLagos(clock())) : null);

  /** The guardian's linked children. */
  async function children(guardianId: string): Promise<{ results: ChildSummary[] }> {
    const rows = await listLinkedChildren(db, guardianId);
    const results = await Promise.all(
      rows.map(async (r) => ({
        id: r.id,
        username: r.username,
        age: ageOf(r.dob),
        consent_status: r.consentStatus,
        messaging: r.messaging,
        relationship: r.relationship,
        profile_photo: await deps.mediaUrl(r.profilePhotoMediaId),
        state: r.state,
        district: r.district,
        sports: r.sports,
      })),
    );
    return { results };
  }

  return {
    /** 'Resend to my guardian': a fresh link to the same guardian, a few times an hour. */
    async resend(childId: string) {
      await db.transaction(async (tx) => {
        const child = await lockUserRow(tx, childId);
        if (!child) throw guardianErrors.resendNotNeeded();
        const last = await latestConsentRequest(tx, childId);
        const since = new Date(clock().getTime() - 3600_000);
        const decision = decideResend({
          consentStatus: child.consentStatus,
          hasEarlierRequest: last !== null,
          sentLastHour: await countConsentRequestsSince(tx, childId, since),
          perHour: GUARDIAN_LIMITS.resendPerHour,
        });
        if (decision === 'not_needed') throw guardianErrors.resendNotNeeded();
        if (decision === 'too_soon') throw guardianErrors.resendTooSoon();
        await deps.askGuardian(tx, {
          childId,
          childName: child.username,
          guardianEmail: last!.guardianEmail,
          guardianPhone: last!.guardianPhone,
        });
      });
      return { message: GUARDIAN_MESSAGES.resendDone };
    },

    /** What the consent page shows (public: the token is the proof of the guardian's mailbox). */
    async view(token: string) {
      const request = await readLink(token, null);
      return {
        child: { username: request.child.username, age: ageOf(request.child.dob) },
        guardian_email: request.guardianEmail,
        expires_at: request.expiresAt.toISOString(),
        notice: {
          version: CONSENT_NOTICE_VERSION,
          ...CONSENT_NOTICE,
          paragraphs: [...CONSENT_NOTICE.paragraphs],
        },
      };
    },

    /**
     * A guardian account tied to a consent link: the link must be live; the account is created
     * unverified and its e-mail code sent (verified as a player's is, then signed in with
     * `is_guardian`).
     */
    async signup(input: { token: string; username: string; email: string; password: string }) {
      const request = await readLink(input.token, null);
      if (input.email.toLowerCase() === request.child.email.toLowerCase())
        throw guardianErrors.selfConsent();
      const passwordHash = await hashPassword(input.password);
      try {
        await db.transaction(async (tx) => {
          if (await findUserByEmail(tx, input.email)) throw authErrors.emailTaken();
          await insertUser(tx, {
            email: input.email,
            passwordHash,
            role: 'guardian',
            username: input.username,
          });
          await deps.codes.issue(tx, { email: input.email, name: input.username }, 'verify');
        });
      } catch (err) {
        if (isUniqueViolation(err, 'users_email_key')) throw authErrors.emailTaken();
        throw err;
      }
      return { message: AUTH_MESSAGES.signupDone };
    },

    /**
     * A signed-in guardian gives or declines consent through the link: the link is spent, the
     * decision appended to the ledger (who, what, notice version, method, time, address); giving
     * links the guardian and makes the child reachable (a frozen child is restored).
     */
    async decide(guardianId: string, token: string, body: ConsentDecisionBody, client: Client) {
      const now = clock();
      const child = await db.transaction(async (tx) => {
        const request = await readLink(token, guardianId, true, tx);
        await markConsentRequestUsed(tx, request.id, now);
        const given = body.decision === 'give';
        await appendConsentLedger(tx, {
          childId: request.childId,
          guardianId,
          decision: given ? 'given' : 'declined',
          relationship: body.relationship,
          noticeVersion: CONSENT_NOTICE_VERSION,
          method: CONSENT_METHOD,
          ip: client.ip ?? null,
          userAgent: client.userAgent?.slice(0, 300) ?? null,
          at: now,
        });
        if (given) {
          await linkGuardian(tx, {
            childId: request.childId,
            guardianId,
            relationship: body.relationship,
            at: now,
          });
          if (request.child.consentStatus === 'withdrawn')
            await restoreDeletedAccount(tx, request.childId);
          await setConsentStatus(tx, request.childId, 'given');
        }
        return { id: request.childId, name: request.child.username, given };
      });
      // The child may act at once, on whichever instance their next request lands.
      if (child.given) await deps.forgetSessions(child.id);
      const childName = child.name;
      return {
        message:
          body.decision === 'give'
            ? GUARDIAN_MESSAGES.consentGiven(childName)
            : GUARDIAN_MESSAGES.consentDeclined(childName),
      };
    },

    children,

    /** One linked child: profile, trial registrations and their payments. */
    async child(guardianId: string, childId: string) {
      await requireLink(guardianId, childId);
      const { results } = await children(guardianId);
      const child = results.find((c) => c.id === childId);
      if (!child) throw guardianErrors.childNotFound();
      const registrations = await listChildRegistrations(db, childId);
      const feedback = await sharedFeedbackFor(db, {
        playerId: childId,
        registrationIds: registrations.map((r) => r.id),
      });
      return {
        child,
        registrations: registrations.map((r) => ({
          id: r.id,
          reference_code: r.referenceCode,
          status: r.status,
          created_at: iso(r.createdAt)!,
          trial: {
            id: r.trialId,
            name: r.trialName,
            trial_date: r.trialDate,
            venue: r.venue,
            academy: r.academyName,
          },
          payment: r.paymentReference
            ? {
                reference: r.paymentReference,
                amount: Number(r.amountKobo),
                currency: r.currency ?? 'NGN',
                status: r.paymentStatus ?? 'pending',
                paid_at: iso(r.paidAt),
              }
            : null,
          feedback: feedbackOf(feedback.get(r.id)),
        })),
        approvals: await pendingApprovalsOf(db, { childId, guardianId }),
      };
    },

    async conversations(guardianId: string, childId: string) {
      await requireLink(guardianId, childId);
      const rows = await listChildAcademyThreads(db, childId);
      return {
        results: rows.map((r) => ({
          thread_name: r.threadName,
          academy: { id: r.academyId, username: r.academyName },
          last_activity_at: iso(r.lastActivityAt)!,
        })),
      };
    },

    async conversation(guardianId: string, childId: string, threadName: string) {
      await requireLink(guardianId, childId);
      const rows = await listChildAcademyMessages(db, { childId, threadName, limit: 200 });
      if (!rows) throw guardianErrors.childNotFound();
      return {
        thread_name: threadName,
        messages: rows.map((m) => ({
          id: m.id,
          sender_id: m.senderId,
          sender: m.senderName,
          text: m.text,
          deleted: m.deleted,
          created_at: iso(m.createdAt)!,
        })),
      };
    },

    async settings(guardianId: string, childId: string, messaging: ChildMessaging) {
      await requireLink(guardianId, childId);
      await setChildMessaging(db, childId, messaging);
      return { messaging };
    },

    /**
     * Withdraws consent: recorded in the ledger, the child `withdrawn` (unreachable, refused by
     * every action), then frozen by the 'Your data' deletion: signed out everywhere, sockets
     * closed, erased after 30 days unless a guardian consents again.
     */
    async withdraw(guardianId: string, childId: string, client: Client) {
      const link = await requireLink(guardianId, childId);
      const now = clock();
      const child = await db.transaction(async (tx) => {
        const row = await lockUserRow(tx, childId);
        if (!row) throw guardianErrors.childNotFound();
        await appendConsentLedger(tx, {
          childId,
          guardianId,
          decision: 'withdrawn',
          relationship: link.relationship,
          noticeVersion: CONSENT_NOTICE_VERSION,
          method: 'guardian_page',
          ip: client.ip ?? null,
          userAgent: client.userAgent?.slice(0, 300) ?? null,
          at: now,
        });
        await setConsentStatus(tx, childId, 'withdrawn');
        await insertAdminAudit(tx, {
          actorId: guardianId,
          action: 'guardian.consent_withdrawn',
          targetUserId: childId,
          reason: 'Consent withdrawn by a guardian',
          details: {},
        });
        return row;
      });
      if (!child.deletedAt) await deps.freeze({ subjectId: childId, actorId: guardianId });
      else await deps.forgetSessions(childId);
      return { message: GUARDIAN_MESSAGES.withdrawn(child.username) };
    },
  };
}

export type GuardiansService = ReturnType<typeof createGuardiansService>;
