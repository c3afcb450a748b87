import type { Database } from '@touchline/db';
import { deleteOwnedMediaObjects } from '@touchline/db/media';
import { insertAdminAudit } from '@touchline/db/admin';
import { appendEvent } from '@touchline/db/outbox';
import {
  cancelTrial,
  createTrial,
  findTrialById,
  getTrialView,
  listAcademyTrials,
  listTrials,
  applyTrialEdit,
  lockTrial,
  promoteWaitlisted,
  readTrialEditFacts,
  type TrialEditFacts,
} from '@touchline/db/trials';
import { findUserById } from '@touchline/db/users';
import type { StorageDriver } from '@touchline/drivers';
import {
  TRIAL_LIMITS,
  todayInLagos,
  type AcademyTrialsQuery,
  type TrialCreate,
  type TrialListQuery,
  type TrialListResponse,
  type TrialUpdate,
  type TrialView,
} from '@touchline/shared';
import { commonErrors } from '../../lib/app-error';
import { deleteStoredFiles, storeProcessedImage, type ImageVariants } from '../media/media.uploads';
import type { Viewer } from '../../lib/auth-context';
import { trialsErrors } from './trials.errors';
import {
  columnsOf,
  decideTrialEdit,
  type TrialEditDecision,
  type TrialEditRefusal,
} from './trials.rules';
import type { TrialViews } from './trials.views';

/** Trial posters: re-encoded without metadata, as post images are (display and thumbnail). */
export const TRIAL_POSTER_VARIANTS: ImageVariants = {
  display: { width: 1280, height: 1280, fit: 'inside' },
  thumb: { width: 480, height: 480, fit: 'inside' },
};

export type TrialsServiceDeps = {
  db: Database;
  clock: () => Date;
  storage: StorageDriver;
  views: TrialViews;
  /** A file that could not be deleted (an orphan file, never a broken link). */
  onStorageError?: (err: unknown) => void;
};

const editRefusals: Record<TrialEditRefusal, () => Error> = {
  not_found: trialsErrors.notFound,
  not_owner: trialsErrors.notOwner,
  cancelled: trialsErrors.cancelled,
  fee_locked: trialsErrors.feeLocked,
  sport_locked: trialsErrors.sportLocked,
  limit_below_count: trialsErrors.limitBelowCount,
  requirements_locked: trialsErrors.requirementsLocked,
};

/** The error of a refused edit: the refusal's, or the first field's message (400). */
function editError(decision: Exclude<TrialEditDecision, { ok: true }>): Error {
  if (decision.reason !== 'invalid') return editRefusals[decision.reason]();
  return commonErrors.validation(Object.values(decision.fields)[0]!, decision.fields);
}

/**
 * Trials (supplement §5): verified academies create, their owner edits (fee and sport locked once
 * anyone registered, the limit never below the places taken) and cancels with a reason; everyone
 * signed in lists and reads them. The poster is stored before the transaction and discarded when
 * it fails; `trial.created` / `trial.cancelled` commit with the change.
 */
export function createTrialsService(deps: TrialsServiceDeps) {
  const { db, clock, storage, views } = deps;
  const onStorageError = deps.onStorageError ?? (() => undefined);
  const today = () => todayInLagos(clock());

  /** Only the trial's academy, administrators, its registrants and open academies' trials show. */
  async function view(viewer: Viewer, trialId: string): Promise<TrialView> {
    const forPlayer = viewer.role === 'player';
    const row = await getTrialView(db, {
      trialId,
      // The academy's own counters leave out places held for a guardian (decision 42); an
      // academy has no registration of its own, so its `myRegistration` stays null.
      viewerId: forPlayer || viewer.role === 'academy' ? viewer.userId : null,
    });
    if (!row) throw trialsErrors.notFound();
    const visible =
      row.academyVerified ||
      row.academyId === viewer.userId ||
      viewer.role === 'admin' ||
      row.myRegistration !== null;
    if (!visible) throw trialsErrors.notFound();
    return views.trial(row, forPlayer);
  }

  const storePoster = (ownerId: string, poster: Buffer) =>
    storeProcessedImage({ db, storage, ownerId, buffer: poster, variants: TRIAL_POSTER_VARIANTS });

  return {
    view,

    async create(viewer: Viewer, input: TrialCreate, poster: Buffer | null): Promise<TrialView> {
      const academy = await findUserById(db, viewer.userId);
      if (!academy || academy.role !== 'academy' || academy.academyStatus !== 'verified')
        throw trialsErrors.notVerified();
      const stored = poster ? await storePoster(viewer.userId, poster) : null;
      let trialId: string;
      try {
        trialId = await db.transaction(async (tx) => {
          const { id } = await createTrial(tx, {
            academyId: viewer.userId,
            ...columnsOf(input),
            sportOther: input.sport === 'other' ? input.sport_other || null : null,
            imageMediaId: stored?.media.id ?? null,
            requirements: input.requirements,
          });
          await appendEvent(tx, {
            type: 'trial.created',
            payload: { trialId: id, academyId: viewer.userId },
          });
          return id;
        });
      } catch (err) {
        await stored?.discard().catch(onStorageError);
        throw err;
      }
      return view(viewer, trialId);
    },

    /**
     * Only the fields sent change, as `decideTrialEdit` allows: decided first on the trial as
     * read (a refused edit stores no poster), then again under the trial's row lock, where it is
     * written.
     */
    async update(
      viewer: Viewer,
      trialId: string,
      input: TrialUpdate,
      poster: Buffer | null,
    ): Promise<TrialView> {
      const decide = (stored: TrialEditFacts | null) =>
        decideTrialEdit({ stored, editorId: viewer.userId, edit: input, today: today() });
      const first = decide(await readTrialEditFacts(db, trialId));
      if (!first.ok) throw editError(first);

      const stored = poster ? await storePoster(viewer.userId, poster) : null;
      let previousImage: string | null;
      try {
        previousImage = await db.transaction(async (tx) => {
          const locked = (await lockTrial(tx, trialId))
            ? await readTrialEditFacts(tx, trialId)
            : null;
          const decision = decide(locked);
          if (!decision.ok) throw editError(decision);
          await applyTrialEdit(tx, {
            trialId,
            changes: stored
              ? { ...decision.changes, imageMediaId: stored.media.id }
              : decision.changes,
            requirements: decision.requirements,
            at: clock(),
          });
          // A higher (or no) limit gives the new places to the waitlist at once (decision 49).
          if ('participantLimit' in decision.changes)
            await promoteWaitlisted(tx, { trialId, now: clock() });
          return stored ? locked!.trial.imageMediaId : null;
        });
      } catch (err) {
        await stored?.discard().catch(onStorageError);
        throw err;
      }
      if (previousImage) {
        const gone = await deleteOwnedMediaObjects(db, viewer.userId, [previousImage]);
        await deleteStoredFiles(storage, gone, onStorageError);
      }
      return view(viewer, trialId);
    },

    /** Cancels with the reason: live registrations become `trial_cancelled`, refunds follow. */
    async cancel(viewer: Viewer, trialId: string, reason: string): Promise<TrialView> {
      const result = await db.transaction(async (tx) => {
        const cancelled = await cancelTrial(tx, {
          trialId,
          academyId: viewer.userId,
          reason,
          at: clock(),
        });
        if (cancelled.ok) await appendEvent(tx, { type: 'trial.cancelled', payload: { trialId } });
        return cancelled;
      });
      if (!result.ok) {
        if (result.error === 'not_found') throw trialsErrors.notFound();
        if (result.error === 'not_owner') throw trialsErrors.notOwner();
        throw trialsErrors.cancelled();
      }
      return view(viewer, trialId);
    },

    /**
     * An administrator cancels any academy's trial with a reason: the same cancellation as the
     * academy's own (live registrations become `trial_cancelled`, pending payments fail, the
     * `trial.cancelled` event refunds succeeded payments and tells every registrant, in-app and
     * by e-mail with the reason), plus the `trial.cancelled` audit record, all in one
     * transaction. 404 for an unknown trial, 409 when it is already cancelled.
     */
    async cancelByAdmin(adminId: string, trialId: string, reason: string): Promise<void> {
      const result = await db.transaction(async (tx) => {
        const trial = await findTrialById(tx, trialId);
        if (!trial) return { ok: false as const, error: 'not_found' as const };
        const cancelled = await cancelTrial(tx, {
          trialId,
          academyId: trial.academyId,
          reason,
          at: clock(),
        });
        if (!cancelled.ok) return cancelled;
        await appendEvent(tx, { type: 'trial.cancelled', payload: { trialId } });
        await insertAdminAudit(tx, {
          actorId: adminId,
          action: 'trial.cancelled',
          targetUserId: trial.academyId,
          reason,
          details: {
            trial_id: trialId,
            trial: trial.name,
            trial_date: trial.trialDate,
            registrations: cancelled.registrations.length,
            refunds: cancelled.succeededPayments.length,
          },
        });
        return cancelled;
      });
      if (!result.ok) {
        if (result.error === 'cancelled') throw trialsErrors.cancelled();
        throw trialsErrors.notFound();
      }
    },

    /** The public list with its filters, a page of `TRIAL_LIMITS.pageSize`. */
    async list(viewer: Viewer, query: TrialListQuery): Promise<TrialListResponse> {
      const forPlayer = viewer.role === 'player';
      const { rows, hasMore } = await listTrials(db, {
        search: query.search,
        sport: query.sport,
        state: query.state,
        payment: query.payment,
        today: today(),
        viewerId: viewer.role === 'admin' ? null : viewer.userId,
        page: query.page,
        pageSize: TRIAL_LIMITS.pageSize,
      });
      return {
        trials: rows.map((row) => views.trial(row, forPlayer)),
        has_more: hasMore,
        page: query.page,
      };
    },

    /** The calling academy's own trials by tab (Lagos today). */
    async academyTrials(viewer: Viewer, query: AcademyTrialsQuery): Promise<TrialListResponse> {
      const { rows, hasMore } = await listAcademyTrials(db, {
        academyId: viewer.userId,
        tab: query.tab,
        today: today(),
        page: query.page,
        pageSize: TRIAL_LIMITS.listPageSize,
      });
      return {
        trials: rows.map((row) => views.trial(row, false)),
        has_more: hasMore,
        page: query.page,
      };
    },
  };
}

export type TrialsService = ReturnType<typeof createTrialsService>;
