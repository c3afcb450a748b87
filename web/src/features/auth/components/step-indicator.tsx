import type { AuthTone } from '../lib/tone';

const BAR: Record<AuthTone, string> = {
  player: 'bg-brand-600',
  academy: 'bg-academy-600',
  admin: 'bg-slate-800',
};

/** "Step 1 of 2" with the step's name and a two-part progress bar. */
export function StepIndicator({
  step,
  labels,
  tone = 'player',
}: {
  step: number;
  labels: readonly string[];
  tone?: AuthTone;
}) {
  return (
    <div className="mb-6">
      <p className="flex items-baseline justify-between text-xs font-medium text-slate-500">
        <span>
          Step {step} of {labels.length}
        </span>
        <span className="font-semibold text-slate-700">{labels[step - 1]}</span>
      </p>
      <div
        className="mt-2 grid gap-1.5"
        style={{ gridTemplateColumns: `repeat(${labels.length}, 1fr)` }}
      >
        {labels.map((label, index) => (
          <span
            key={label}
            aria-hidden="true"
            className={`h-1.5 rounded-full ${index < step ? BAR[tone] : 'bg-slate-200'}`}
          />
        ))}
      </div>
    </div>
  );
}
