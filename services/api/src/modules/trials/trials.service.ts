import type { Database } from '@touchline/db';
import { deleteOwnedMediaObjects } from '@touchline/db/media';
import { insertAdminAudit } from '@touchline/db/admin';
import { appendEvent } from '@touchline/db/platform';
import {
  cancelTrial,
  createTrial,
  findTrialById,
  getTrialView,
  listAcademyTrials,
  listTrials,
  updateTrial,
  type TrialChanges,
  type TrialDetails,
  type TrialRow,
  type UpdateTrialError,
} from '@touchline/db/trials';
import { findUserById } from '@touchline/db/users';
import type { StorageDriver } from '@touchline/drivers';
import {
  TRIAL_LIMITS,
  todayInLagos,
  trialRuleIssues,
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

/** Which changed fields make a cross-field rule's issue (by its path) worth reporting on edit. */
const RULE_TRIGGERS: Record<string, readonly (keyof TrialUpdate)[]> = {
  district: ['state', 'district'],
  sport_other: ['sport', 'sport_other'],
  trial_date: ['trial_date'],
  deadline: ['deadline', 'trial_date'],
  max_age: ['min_age', 'max_age'],
};

const updateErrors: Record<UpdateTrialError, () => Error> = {
  not_found: trialsErrors.notFound,
  not_owner: trialsErrors.notOwner,
  cancelled: trialsErrors.cancelled,
  fee_locked: trialsErrors.feeLocked,
  sport_locked: trialsErrors.sportLocked,
  limit_below_count: trialsErrors.limitBelowCount,
  requirements_locked: trialsErrors.requirementsLocked,
};

/** The columns a create or edit maps one to one (academyId and sportOther: the caller decides). */
type TrialColumns = Omit<TrialDetails, 'academyId' | 'sportOther'>;

/** The contract's trial fields under their column names (an edit's absent ones stay undefined). */
function columnsOf(input: TrialCreate): TrialColumns;
function columnsOf(input: TrialUpdate): Partial<TrialColumns>;
function columnsOf(input: TrialUpdate): Partial<TrialColumns> {
  return {
    name: input.name,
    sport: input.sport,
    state: input.state,
    district: input.district,
    venue: input.venue,
    landmark: input.landmark,
    trialDate: input.trial_date,
    startTime: input.start_time,
    deadline: input.deadline,
    minAge: input.min_age,
    maxAge: input.max_age,
    participantLimit: input.total_participant_limit,
    feeKobo: input.registration_fee,
    description: input.description,
  };
}

/** The stored columns of the fields an edit sent (undefined: unchanged). */
function changesOf(input: TrialUpdate): TrialChanges {
  const changes: TrialChanges = columnsOf(input);
  if (input.sport !== undefined && input.sport !== 'other') changes.sportOther = null;
  else if (input.sport_other !== undefined) changes.sportOther = input.sport_other || null;
  return Object.fromEntries(
    Object.entries(changes).filter(([, value]) => value !== undefined),
  ) as TrialChanges;
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
      viewerId: forPlayer ? viewer.userId : null,
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

  /** The owner's trial for an edit or cancel: 404 when missing, 403 when another's. */
  async function ownTrial(viewer: Viewer, trialId: string): Promise<TrialRow> {
    const trial = await findTrialById(db, trialId);
    if (!trial) throw trialsErrors.notFound();
    if (trial.academyId !== viewer.userId) throw trialsErrors.notOwner();
    return trial;
  }

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
     * Only the fields sent change. The merged trial must still satisfy the cross-field rules
     * (reported for the fields involved in the change); the locks are checked under the row lock.
     */
    async update(
      viewer: Viewer,
      trialId: string,
      input: TrialUpdate,
      poster: Buffer | null,
    ): Promise<TrialView> {
      const current = await ownTrial(viewer, trialId);
      if (current.status === 'cancelled') throw trialsErrors.cancelled();
      const merged = {
        sport: input.sport ?? current.sport,
        sport_other:
          (input.sport ?? current.sport) !== 'other'
            ? null
            : input.sport_other !== undefined
              ? input.sport_other || null
              : current.sportOther,
        state: input.state ?? current.state,
        district: input.district ?? current.district,
        trial_date: input.trial_date ?? current.trialDate,
        deadline: input.deadline ?? current.deadline,
        min_age: input.min_age !== undefined ? input.min_age : current.minAge,
        max_age: input.max_age !== undefined ? input.max_age : current.maxAge,
      };
      const sent = new Set(
        Object.keys(input).filter((k) => input[k as keyof TrialUpdate] !== undefined),
      );
      const fields: Record<string, string> = {};
      for (const issue of trialRuleIssues(merged, today())) {
        const triggers = RULE_TRIGGERS[issue.path] ?? [];
        if (triggers.some((field) => sent.has(field))) fields[issue.path] ??= issue.message;
      }
      const first = Object.values(fields)[0];
      if (first) throw commonErrors.validation(first, fields);

      const stored = poster ? await storePoster(viewer.userId, poster) : null;
      let previousImage: string | null;
      try {
        const result = await db.transaction(async (tx) => {
          const changes = changesOf(input);
          if (stored) changes.imageMediaId = stored.media.id;
          return updateTrial(tx, {
            trialId,
            academyId: viewer.userId,
            changes,
            requirements: input.requirements,
            at: clock(),
          });
        });
        if (!result.ok) throw updateErrors[result.error]();
        previousImage = stored ? result.previousImageMediaId : null;
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
