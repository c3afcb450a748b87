import type { Feedback } from '@touchline/shared';

const MEASURE_LABELS = [
  ['height_cm', 'Height', (v: number) => `${v} cm`],
  ['weight_kg', 'Weight', (v: number) => `${v} kg`],
  ['sprint_30m_seconds', '30 m sprint', (v: number) => `${v.toFixed(2)} s`],
  ['standing_reach_cm', 'Standing reach', (v: number) => `${v} cm`],
] as const;

/**
 * The academy's shared evaluation of the player at a trial (supplement §17): scores out of 5,
 * the notes and what was measured. Not the selection decision, which the status shows.
 */
export function FeedbackReport({ feedback, trialName }: { feedback: Feedback; trialName: string }) {
  const measured = MEASURE_LABELS.filter(([key]) => feedback.measurements[key] !== null);
  return (
    <section
      aria-label={`Feedback from ${trialName}`}
      className="mx-4 mb-3 rounded-xl border border-emerald-100 bg-emerald-50/60 p-3 text-sm sm:mx-5"
    >
      <h3 className="font-semibold text-slate-900">Feedback from the academy</h3>
      <dl className="mt-2 grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1">
        {feedback.scores.map((s) => (
          <div key={s.criterion} className="contents">
            <dt className="text-slate-700">{s.criterion}</dt>
            <dd className="font-semibold text-slate-900">
              {s.score} <span className="font-normal text-slate-600">of 5</span>
            </dd>
          </div>
        ))}
        {measured.map(([key, label, format]) => (
          <div key={key} className="contents">
            <dt className="text-slate-700">{label} (measured)</dt>
            <dd className="font-semibold text-slate-900">{format(feedback.measurements[key]!)}</dd>
          </div>
        ))}
      </dl>
      {feedback.notes ? (
        <p className="mt-2 whitespace-pre-line text-slate-700">{feedback.notes}</p>
      ) : null}
    </section>
  );
}
