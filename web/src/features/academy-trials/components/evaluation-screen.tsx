import { ArrowLeft, Plus, Trash2 } from 'lucide-react';
import { EVALUATION_LIMITS, type Evaluation, type EvaluationBody } from '@touchline/shared';
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { showNotice } from '@/lib/toast';
import { useEvaluation, useSaveEvaluation } from '../api/evaluation';
import { errorText } from '../lib/errors';

type Row = { criterion: string; score: string };
const MEASURES = [
  { key: 'height_cm', label: 'Height (cm)', step: '1' },
  { key: 'weight_kg', label: 'Weight (kg)', step: '0.1' },
  { key: 'sprint_30m_seconds', label: '30 m sprint (seconds)', step: '0.01' },
  { key: 'standing_reach_cm', label: 'Standing reach (cm)', step: '1' },
] as const;
type MeasureKey = (typeof MEASURES)[number]['key'];

/**
 * `/academy/evaluation/{registrationId}`: the academy scores one registrant 1–5 on up to six
 * criteria it names (the trial's criteria proposed), writes notes, records the day's
 * measurements and chooses whether the player sees it as their feedback report.
 */
export function EvaluationScreen({ registrationId }: { registrationId: string }) {
  const evaluation = useEvaluation(registrationId);
  if (evaluation.isPending) return <p className="text-sm text-slate-500">Loading…</p>;
  if (evaluation.isError)
    return <p className="text-sm text-slate-600">{errorText(evaluation.error)}</p>;
  return <EvaluationForm key={evaluation.data.updated_at ?? 'new'} evaluation={evaluation.data} />;
}

function EvaluationForm({ evaluation }: { evaluation: Evaluation }) {
  const save = useSaveEvaluation(evaluation.registration_id);
  const [rows, setRows] = useState<Row[]>(() =>
    evaluation.scores.length
      ? evaluation.scores.map((s) => ({ criterion: s.criterion, score: String(s.score) }))
      : evaluation.criteria.map((criterion) => ({ criterion, score: '' })),
  );
  const [notes, setNotes] = useState(evaluation.notes);
  const [share, setShare] = useState(evaluation.shared);
  const [measures, setMeasures] = useState<Record<MeasureKey, string>>(() => ({
    height_cm: String(evaluation.measurements.height_cm ?? ''),
    weight_kg: String(evaluation.measurements.weight_kg ?? ''),
    sprint_30m_seconds: String(evaluation.measurements.sprint_30m_seconds ?? ''),
    standing_reach_cm: String(evaluation.measurements.standing_reach_cm ?? ''),
  }));
  const [error, setError] = useState<string | null>(null);

  const update = (index: number, patch: Partial<Row>) =>
    setRows((all) => all.map((row, i) => (i === index ? { ...row, ...patch } : row)));

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const number = (value: string) => (value.trim() === '' ? null : Number(value));
    const body: EvaluationBody = {
      scores: rows
        .filter((r) => r.score !== '')
        .map((r) => ({ criterion: r.criterion.trim(), score: Number(r.score) })),
      notes,
      share_with_player: share,
      measurements: {
        height_cm: number(measures.height_cm),
        weight_kg: number(measures.weight_kg),
        sprint_30m_seconds: number(measures.sprint_30m_seconds),
        standing_reach_cm: number(measures.standing_reach_cm),
      },
    };
    save.mutate(body, {
      onSuccess: (answer) => showNotice(answer.message, 'success'),
      onError: (e) => setError(errorText(e)),
    });
  }

  return (
    <form
      onSubmit={submit}
      className="card space-y-6 p-4 sm:p-6"
      aria-labelledby="evaluation-heading"
    >
      <div>
        <Link
          href={`/academy/trial_details/${evaluation.trial.id}`}
          className="inline-flex items-center gap-1 text-sm text-academy-700 hover:underline"
        >
          <ArrowLeft className="size-4" aria-hidden="true" /> Registrants of {evaluation.trial.name}
        </Link>
        <h1 id="evaluation-heading" className="mt-2 text-xl font-semibold text-slate-900">
          Evaluate {evaluation.name}
        </h1>
        <p className="text-sm text-slate-500">
          {evaluation.reference_code} · {evaluation.trial.name}, {evaluation.trial.trial_date}
        </p>
        {!evaluation.may_evaluate ? (
          <p role="status" className="mt-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
            Evaluation opens on the day of the trial, for registrants holding a place.
          </p>
        ) : null}
      </div>

      <fieldset className="space-y-3">
        <legend className="text-base font-semibold text-slate-900">
          Scores (1 = weak, 5 = excellent)
        </legend>
        {rows.map((row, index) => (
          <div key={index} className="flex flex-wrap items-end gap-2">
            <label className="min-w-40 flex-1 text-sm text-slate-700">
              Criterion {index + 1}
              <input
                className="field-input mt-1"
                value={row.criterion}
                maxLength={EVALUATION_LIMITS.criterionMaxLength}
                onChange={(e) => update(index, { criterion: e.target.value })}
              />
            </label>
            <label className="text-sm text-slate-700">
              Score
              <select
                aria-label={`Score for ${row.criterion || `criterion ${index + 1}`}`}
                className="field-input mt-1 w-36"
                value={row.score}
                onChange={(e) => update(index, { score: e.target.value })}
              >
                <option value="">Not scored</option>
                {[1, 2, 3, 4, 5].map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </label>
            <Button
              type="button"
              tone="ghost"
              aria-label={`Remove ${row.criterion || `criterion ${index + 1}`}`}
              onClick={() => setRows((all) => all.filter((_, i) => i !== index))}
            >
              <Trash2 className="size-4" aria-hidden="true" />
            </Button>
          </div>
        ))}
        {rows.length < EVALUATION_LIMITS.criteriaMax ? (
          <Button
            type="button"
            tone="secondary"
            onClick={() => setRows((all) => [...all, { criterion: '', score: '' }])}
          >
            <Plus className="size-4" aria-hidden="true" /> Add a criterion
          </Button>
        ) : null}
      </fieldset>

      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-2 text-base font-semibold text-slate-900">
          Measured at the trial
        </legend>
        {MEASURES.map((m) => (
          <label key={m.key} className="text-sm text-slate-700">
            {m.label}
            <input
              type="number"
              inputMode="decimal"
              step={m.step}
              className="field-input mt-1"
              value={measures[m.key]}
              onChange={(e) => setMeasures((all) => ({ ...all, [m.key]: e.target.value }))}
            />
          </label>
        ))}
      </fieldset>

      <label className="block text-sm text-slate-700">
        Notes for the player
        <textarea
          className="field-input mt-1 min-h-28"
          maxLength={EVALUATION_LIMITS.notesMaxLength}
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
        />
      </label>

      <label className="flex items-start gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          className="mt-0.5 size-4"
          checked={share}
          onChange={(e) => setShare(e.target.checked)}
        />
        <span>
          Share with the player as their feedback report (they are told in-app and by e-mail; a
          minor&apos;s guardians see it too). Selection stays a separate decision.
        </span>
      </label>

      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <Button
        type="submit"
        tone="academy"
        loading={save.isPending}
        disabled={!evaluation.may_evaluate}
      >
        Save evaluation
      </Button>
    </form>
  );
}
