import type { Feedback } from '@touchline/shared';

/** The academy's shared evaluation of the child at a trial (supplement §14, §17; decision 51). */
export function ChildFeedback({ feedback, trialName }: { feedback: Feedback; trialName: string }) {
  const m = feedback.measurements;
  const measured = [
    m.height_cm !== null ? `height ${m.height_cm} cm` : null,
    m.weight_kg !== null ? `weight ${m.weight_kg} kg` : null,
    m.sprint_30m_seconds !== null ? `30 m sprint ${m.sprint_30m_seconds.toFixed(2)} s` : null,
    m.standing_reach_cm !== null ? `standing reach ${m.standing_reach_cm} cm` : null,
  ].filter((x): x is string => x !== null);
  return (
    <div
      aria-label={`Feedback from ${trialName}`}
      role="group"
      className="mt-1.5 rounded-lg bg-emerald-50 p-2"
    >
      <p className="font-medium text-slate-900">Feedback from the academy</p>
      <p>{feedback.scores.map((s) => `${s.criterion} ${s.score} of 5`).join(' · ')}</p>
      {measured.length ? <p>Measured: {measured.join(', ')}</p> : null}
      {feedback.notes ? <p className="whitespace-pre-line">{feedback.notes}</p> : null}
    </div>
  );
}
