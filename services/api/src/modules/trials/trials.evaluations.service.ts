import type { Database } from '@touchline/db';
import { appendEvent } from '@touchline/db/outbox';
import {
  findEvaluationFacts,
  latestTrialCriteria,
  saveEvaluation,
  type EvaluationFacts,
  type EvaluationRow,
} from '@touchline/db/trials';
import {
  DEFAULT_EVALUATION_CRITERIA,
  EVALUATION_MESSAGES,
  EVALUATIONS_ERRORS,
  measurementsOf,
  todayInLagos,
  type Evaluation,
  type EvaluationBody,
} from '@touchline/shared';
import { AppError } from '../../lib/app-error';
import type { Viewer } from '../../lib/auth-context';
import { trialsErrors } from './trials.errors';
import { mayEvaluate } from './trials.evaluations.rules';

export const evaluationErrors = {
  notEligible: () =>
    new AppError(409, EVALUATIONS_ERRORS.notEligible, EVALUATION_MESSAGES.notEligible),
};

/**
 * Trial-day evaluations (supplement §17, decision 51): only the trial's academy reads and writes
 * them (another academy's or an unknown registration reads as 404); who may be evaluated is
 * `mayEvaluate`'s. Sharing appends `registration.evaluation_shared` in the same transaction: the
 * worker tells the player (in-app and the feedback e-mail).
 */
export function createEvaluationsService(deps: { db: Database; clock: () => Date }) {
  const { db, clock } = deps;

  async function answer(facts: EvaluationFacts, evaluation: EvaluationRow | null) {
    const used = evaluation?.scores.length ? [] : await latestTrialCriteria(db, facts.trialId);
    const criteria = evaluation?.scores.length
      ? evaluation.scores.map((s) => s.criterion)
      : used.length
        ? used
        : [...DEFAULT_EVALUATION_CRITERIA];
    const result: Evaluation = {
      registration_id: facts.registrationId,
      name: facts.name,
      reference_code: facts.referenceCode,
      trial: { id: facts.trialId, name: facts.trialName, trial_date: facts.trialDate },
      criteria,
      may_evaluate: mayEvaluate({ ...facts, today: todayInLagos(clock()) }),
      scores: evaluation?.scores ?? [],
      notes: evaluation?.notes ?? '',
      measurements: measurementsOf(evaluation),
      shared: evaluation?.sharedAt != null,
      shared_at: evaluation?.sharedAt?.toISOString() ?? null,
      updated_at: evaluation?.updatedAt.toISOString() ?? null,
    };
    return result;
  }

  return {
    /** The academy's view of one registrant's evaluation (empty until first saved). */
    async get(viewer: Viewer, registrationId: string): Promise<Evaluation> {
      const facts = await findEvaluationFacts(db, { registrationId, academyId: viewer.userId });
      if (!facts || !facts.academyVisible) throw trialsErrors.registrationNotFound();
      return answer(facts, facts.evaluation);
    },

    /** Saves (replaces) the evaluation; `share_with_player` shares it (or withdraws a share). */
    async save(
      viewer: Viewer,
      registrationId: string,
      body: EvaluationBody,
    ): Promise<{ message: string; evaluation: Evaluation }> {
      const at = clock();
      const result = await db.transaction(async (tx) => {
        const facts = await findEvaluationFacts(tx, {
          registrationId,
          academyId: viewer.userId,
          forUpdate: true,
        });
        if (!facts || !facts.academyVisible) return { ok: false as const, reason: 'not_found' };
        if (!mayEvaluate({ ...facts, today: todayInLagos(at) }))
          return { ok: false as const, reason: 'not_eligible' };
        const m = body.measurements;
        const saved = await saveEvaluation(tx, {
          registrationId,
          trialId: facts.trialId,
          scores: body.scores,
          notes: body.notes,
          share: body.share_with_player,
          heightCm: m.height_cm,
          weightKg: m.weight_kg,
          sprint30mSeconds: m.sprint_30m_seconds,
          standingReachCm: m.standing_reach_cm,
          at,
        });
        if (saved.newlyShared)
          await appendEvent(tx, {
            type: 'registration.evaluation_shared',
            payload: { registrationId },
          });
        return { ok: true as const, facts, evaluation: saved.evaluation };
      });
      if (!result.ok)
        throw result.reason === 'not_found'
          ? trialsErrors.registrationNotFound()
          : evaluationErrors.notEligible();
      return {
        message: body.share_with_player ? EVALUATION_MESSAGES.shared : EVALUATION_MESSAGES.saved,
        evaluation: await answer(result.facts, result.evaluation),
      };
    },
  };
}

export type EvaluationsService = ReturnType<typeof createEvaluationsService>;
