import type { Database } from '@touchline/db';
import { findUserById } from '@touchline/db/users';
import { appendEvent } from '@touchline/db/outbox';
import {
  expireHold,
  findPendingPayment,
  findRegistration,
  insertGuardianPayment,
  lockRegistration,
  newPaymentReference,
  findTrialById,
  listRegistrants,
  registrantCounts,
  evaluationsOfTrial,
  evaluationCriteriaOfTrial,
  type RegistrantRow,
  listTrialRequirements,
  sharedFeedbackFor,
  trialHistory,
  type PaymentProviderName,
} from '@touchline/db/trials';
import {
  ageOn,
  feedbackOf,
  TRIAL_LIMITS,
  type OutcomeStatus,
  type PaymentStatus,
  type RegisterBody,
  type RegisterResponse,
  parseKeysetCursor,
  type KeysetPosition,
  type Registrant,
  type RegistrantList,
  type RegistrantsQuery,
  type StartPayment,
  type TrialHistoryResponse,
} from '@touchline/shared';
import type { Viewer } from '../../lib/auth-context';
import {
  CSV_START,
  csvLine,
  registrantCsvRow,
  registrantsCsvHeader,
  registrantsFileName,
} from './trials.csv';
import { trialsErrors } from './trials.errors';
import { evaluationCsvColumns } from './trials.evaluations.csv';
import type { RegistrationRefusal } from './trials.registrations.rules';
import {
  cancelRegistrationWithin,
  registerWithin,
  registrationEventFor,
  setOutcomeWithin,
} from './trials.registrations.within';
import type { TrialViews } from './trials.views';

/**
 * Starts the provider transaction of a pending payment (payments' `paymentStarterFrom`): answers
 * where the payer pays. Throws when the provider cannot start it.
 */
export type PaymentStarter = {
  initialize(input: {
    reference: string;
    amountKobo: number;
    currency: string;
    email: string;
  }): Promise<StartPayment>;
};

export type RegistrationsServiceDeps = {
  db: Database;
  clock: () => Date;
  views: TrialViews;
  /** The provider a paid registration's payment row names. */
  provider: PaymentProviderName;
  payments: PaymentStarter;
  /** The provider failed to start a payment (logged; the player gets 502). */
  onPaymentError?: (err: unknown) => void;
};

const refusals: Record<RegistrationRefusal, () => Error> = {
  players_only: trialsErrors.playersOnly,
  dob_mismatch: trialsErrors.dobMismatch,
  not_found: trialsErrors.notFound,
  cancelled: trialsErrors.cancelled,
  academy_unavailable: trialsErrors.academyUnavailable,
  deadline_passed: trialsErrors.deadlinePassed,
  age_out_of_range: trialsErrors.ageOutOfRange,
  already_registered: trialsErrors.alreadyRegistered,
  full: trialsErrors.full,
  answers_invalid: trialsErrors.answersInvalid,
};

/**
 * Registrations (supplement §5): a player registers in one transaction under the trial's row lock
 * (so capacity holds under concurrency), cancels their own before the deadline; the owning
 * academy lists its registrants (JSON or CSV) and sets `selected` / `rejected`. Events commit
 * with each change; a paid registration's provider transaction starts after the commit.
 */
export function createRegistrationsService(deps: RegistrationsServiceDeps) {
  const { db, clock, views } = deps;
  const onPaymentError = deps.onPaymentError ?? (() => undefined);

  /** The trial, owned by the caller: 404 when missing, 403 when another academy's. */
  async function ownTrial(viewer: Viewer, trialId: string) {
    const trial = await findTrialById(db, trialId);
    if (!trial) throw trialsErrors.notFound();
    if (trial.academyId !== viewer.userId) throw trialsErrors.notOwner();
    return trial;
  }

  /** Releases a hold whose payment could not start: `expired`, the place freed. */
  async function releaseHold(registrationId: string) {
    await db.transaction(async (tx) => {
      const result = await expireHold(tx, {
        registrationId,
        now: clock(),
        force: true,
        reason: 'unavailable',
      });
      if (result.expired)
        await appendEvent(tx, { type: 'registration.expired', payload: { registrationId } });
    });
  }

  /**
   * The trial the academy may read the registrants of: its own, and only while it is verified
   * (an academy an administrator declined, or unverified again, reads no registrant data: issue
   * 25 item 9, decision 53).
   */
  async function readableTrial(viewer: Viewer, trialId: string) {
    const trial = await ownTrial(viewer, trialId);
    const academy = await findUserById(db, viewer.userId);
    if (academy?.academyStatus !== 'verified') throw trialsErrors.notVerified();
    return trial;
  }

  /** A registrant as the academy's table and CSV show them. */
  const registrantOf = (r: RegistrantRow, trialDate: string): Registrant => ({
    id: r.id,
    reference_code: r.referenceCode,
    player_id: r.playerId,
    profile_photo: views.urlOf(r.photo, 'thumb'),
    name: r.name,
    dob: r.dob,
    age: ageOn(r.dob, trialDate),
    phone: r.phone,
    email: r.email,
    state: r.state,
    district: r.district,
    level: r.level,
    status: r.status,
    payment_status: r.paymentStatus,
    created_at: r.createdAt.toISOString(),
    checked_in_at: r.checkedInAt ? r.checkedInAt.toISOString() : null,
    answers: r.answers,
  });

  /**
   * The owning academy's registrants with their answers, a page at a time (oldest first, after
   * the `after` cursor; issue 25 item 12), searched by `q`'s words; with the whole list's counts.
   */
  async function registrants(
    viewer: Viewer,
    trialId: string,
    query: Pick<RegistrantsQuery, 'after' | 'limit' | 'q'> = {
      limit: TRIAL_LIMITS.registrantsPageSize,
    },
  ): Promise<RegistrantList> {
    const trial = await readableTrial(viewer, trialId);
    const after = query.after ? (parseKeysetCursor(query.after) ?? undefined) : undefined;
    const words = (query.q ?? '').split(/\s+/).filter(Boolean);
    const [rows, counts] = await Promise.all([
      listRegistrants(db, { trialId, academyVisible: true, after, limit: query.limit + 1, words }),
      registrantCounts(db, trialId),
    ]);
    const page = rows.slice(0, query.limit);
    const hasMore = rows.length > query.limit;
    return {
      trial: { id: trial.id, name: trial.name },
      registrants: page.map((r) => registrantOf(r, trial.trialDate)),
      has_more: hasMore,
      next: hasMore ? page[page.length - 1]!.cursor : null,
      total: counts.total,
      attendance: { expected: counts.expected, checked_in: counts.checkedIn },
    };
  }

  /**
   * The whole registrants list as CSV lines, read in keyset batches so a trial of any size is
   * written with a batch's memory: the byte-order mark and header, then each batch's rows with
   * their evaluations (decision 51).
   */
  async function* registrantsCsvLines(
    trial: { id: string; trialDate: string },
    requirements: readonly { id: string; text: string }[],
  ): AsyncGenerator<string> {
    const columns = evaluationCsvColumns(await evaluationCriteriaOfTrial(db, trial.id));
    yield CSV_START + csvLine(registrantsCsvHeader(requirements, columns.header));
    const batch = TRIAL_LIMITS.registrantsCsvBatch;
    let after: KeysetPosition | undefined;
    for (;;) {
      const rows = await listRegistrants(db, {
        trialId: trial.id,
        academyVisible: true,
        after,
        limit: batch,
      });
      if (rows.length === 0) return;
      const evaluations = await evaluationsOfTrial(
        db,
        trial.id,
        rows.map((r) => r.id),
      );
      yield rows
        .map((r) =>
          csvLine(
            registrantCsvRow(
              registrantOf(r, trial.trialDate),
              requirements,
              columns.cellsFor(evaluations.get(r.id)),
            ),
          ),
        )
        .join('');
      if (rows.length < batch) return;
      after = parseKeysetCursor(rows[rows.length - 1]!.cursor) ?? undefined;
    }
  }

  return {
    /**
     * The date of birth is the profile's (locked, supplement §13): a different one is refused;
     * the age on the trial date decides. A paid trial answers the payment to complete.
     */
    async register(viewer: Viewer, input: RegisterBody): Promise<RegisterResponse> {
      const now = clock();
      const result = await db.transaction(async (tx) => {
        const registered = await registerWithin(
          tx,
          {
            trialId: input.trial,
            playerId: viewer.userId,
            name: input.name,
            dob: input.dob,
            phone: input.phone,
            email: input.email,
            state: input.state,
            district: input.district,
            level: input.level,
            answers: input.answers.map((a) => ({
              requirementId: a.requirement_id,
              answer: a.answer,
            })),
          },
          { now, provider: deps.provider },
        );
        if (registered.ok) await appendEvent(tx, registrationEventFor(registered));
        return registered;
      });
      if (!result.ok) throw refusals[result.reason]();
      const { registration } = result;
      const answer: RegisterResponse = {
        id: registration.id,
        reference_code: registration.referenceCode,
        status: result.decision.outcome,
        trial: registration.trialId,
        hold_expires_at: registration.holdExpiresAt?.toISOString() ?? null,
        waitlist_position: result.waitlistPosition,
      };
      if (!result.payment) return answer;
      // The provider mails its receipt to the account's address, never the form's (decision 56).
      const account = await findUserById(db, viewer.userId);
      let payment: StartPayment;
      try {
        payment = await deps.payments.initialize({
          reference: result.payment.reference,
          amountKobo: result.payment.amountKobo,
          currency: result.payment.currency,
          email: account!.email,
        });
      } catch (err) {
        onPaymentError(err);
        await releaseHold(registration.id);
        throw trialsErrors.paymentsUnavailable();
      }
      return {
        ...answer,
        payment: { reference: payment.reference, authorization_url: payment.authorization_url },
      };
    },

    /** The player's own registration, while it is pending or registered and before the deadline. */
    async cancel(viewer: Viewer, registrationId: string) {
      const result = await db.transaction((tx) =>
        cancelRegistrationWithin(tx, { registrationId, playerId: viewer.userId, at: clock() }),
      );
      if (!result.ok)
        throw result.reason === 'not_found'
          ? trialsErrors.registrationNotFound()
          : trialsErrors.cannotCancelRegistration();
      return {
        id: registrationId,
        status: 'cancelled' as const,
        refund: result.refundPaymentId !== null,
      };
    },

    /**
     * The player pays for their own `pending_payment` registration whose hold still runs (a
     * promotion from the waitlist opens no payment, decision 49; a later visit resumes one): the
     * open payment is reused, else one is opened and started with the provider.
     */
    async pay(viewer: Viewer, registrationId: string): Promise<StartPayment> {
      const now = clock();
      const opened = await db.transaction(async (tx) => {
        const locked = await lockRegistration(tx, registrationId);
        if (!locked || locked.registration.playerId !== viewer.userId) return null;
        const { registration, trial } = locked;
        if (
          registration.status !== 'pending_payment' ||
          trial.status !== 'active' ||
          registration.holdExpiresAt === null ||
          registration.holdExpiresAt.getTime() <= now.getTime()
        )
          return 'closed' as const;
        // The provider's receipt goes to the account's address, not the form's (decision 56).
        const email = (await findUserById(tx, viewer.userId))!.email;
        const open = await findPendingPayment(tx, registrationId);
        if (open && open.payerId === viewer.userId) return { ...open, email };
        const row = await insertGuardianPayment(tx, {
          registrationId,
          payerId: viewer.userId,
          provider: deps.provider,
          reference: newPaymentReference(),
          amountKobo: trial.feeKobo,
          currency: trial.currency,
          at: now,
        });
        return {
          ...row,
          amountKobo: trial.feeKobo,
          currency: trial.currency,
          authorizationUrl: null as string | null,
          email,
        };
      });
      if (opened === null) throw trialsErrors.registrationNotFound();
      if (opened === 'closed') throw trialsErrors.notYourPendingPayment();
      if (opened.authorizationUrl)
        return { reference: opened.reference, authorization_url: opened.authorizationUrl };
      try {
        return await deps.payments.initialize({
          reference: opened.reference,
          amountKobo: opened.amountKobo,
          currency: opened.currency,
          email: opened.email,
        });
      } catch (err) {
        onPaymentError(err);
        // The hold stays: the player may try again until it runs out.
        throw trialsErrors.paymentsUnavailable();
      }
    },

    /** The caller's registrations, newest first. */
    async history(viewer: Viewer, page: number): Promise<TrialHistoryResponse> {
      const { rows, hasMore } = await trialHistory(db, {
        playerId: viewer.userId,
        page,
        pageSize: TRIAL_LIMITS.listPageSize,
      });
      const feedback = await sharedFeedbackFor(db, {
        playerId: viewer.userId,
        registrationIds: rows.map((r) => r.id),
      });
      return {
        registrations: rows.map((row) => ({
          id: row.id,
          reference_code: row.referenceCode,
          status: row.status,
          hold_expires_at: row.holdExpiresAt?.toISOString() ?? null,
          created_at: row.createdAt.toISOString(),
          waitlist_position: row.waitlistPosition === null ? null : Number(row.waitlistPosition),
          trial: {
            id: row.trial.id,
            name: row.trial.name,
            sport: row.trial.sport,
            sport_other: row.trial.sportOther,
            state: row.trial.state,
            district: row.trial.district,
            venue: row.trial.venue,
            trial_date: row.trial.trialDate,
            start_time: row.trial.startTime,
            deadline: row.trial.deadline,
            registration_fee: Number(row.trial.feeKobo),
            currency: row.trial.currency,
            image: views.urlOf(row.trial.image, 'display'),
            status: row.trial.status,
            cancel_reason: row.trial.cancelReason,
            academy: {
              id: row.trial.academyId,
              username: row.trial.academyName,
              profile_photo: views.urlOf(row.trial.academyPhoto, 'thumb'),
            },
          },
          payment: row.payment
            ? {
                reference: row.payment.reference,
                status: row.payment.status as PaymentStatus,
                authorization_url: row.payment.authorization_url,
              }
            : null,
          feedback: feedbackOf(feedback.get(row.id)),
        })),
        has_more: hasMore,
        page,
      };
    },

    registrants,

    /**
     * The registrants as a CSV download (header row, one row per registrant with answers and
     * evaluation), streamed: who may read it is decided before the first byte.
     */
    async registrantsCsv(viewer: Viewer, trialId: string) {
      const trial = await readableTrial(viewer, trialId);
      const requirements = await listTrialRequirements(db, trialId);
      return {
        fileName: registrantsFileName(trial.name),
        lines: registrantsCsvLines(trial, requirements),
      };
    },

    /** The owning academy's outcome for a registered player. */
    async setStatus(viewer: Viewer, registrationId: string, status: OutcomeStatus) {
      const result = await db.transaction((tx) =>
        setOutcomeWithin(tx, { registrationId, academyId: viewer.userId, status, at: clock() }),
      );
      if (!result.ok) {
        if (result.reason === 'not_found') throw trialsErrors.registrationNotFound();
        if (result.reason === 'not_owner') throw trialsErrors.notOwner();
        throw trialsErrors.statusNotAllowed();
      }
      const registration = await findRegistration(db, registrationId);
      return {
        id: registrationId,
        reference_code: registration!.referenceCode,
        status: registration!.status,
      };
    },
  };
}

export type RegistrationsService = ReturnType<typeof createRegistrationsService>;
