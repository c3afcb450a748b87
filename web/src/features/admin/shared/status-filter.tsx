import { useId } from 'react';

export type FilterOption<V extends string> = { value: V | ''; label: string };

/**
 * A row of toggle buttons for one filter ('All' is the `''` value); the chosen one is
 * `aria-pressed`. The buttons wrap onto a second line on a narrow screen.
 */
export function StatusFilter<V extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly FilterOption<V>[];
  value: V | '';
  onChange: (value: V | '') => void;
}) {
  const labelId = useId();
  return (
    <div className="min-w-0">
      <span id={labelId} className="field-label">
        {label}
      </span>
      <div role="group" aria-labelledby={labelId} className="flex flex-wrap gap-1">
        {options.map((option) => {
          const active = option.value === value;
          return (
            <button
              key={option.value || 'all'}
              type="button"
              aria-pressed={active}
              onClick={() => onChange(option.value)}
              className={`h-10 shrink-0 rounded-lg px-3 text-sm font-medium whitespace-nowrap ring-1 transition-colors ring-inset ${
                active
                  ? 'bg-slate-900 text-white ring-slate-900'
                  : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50'
              }`}
            >
              {option.label}
            </button>
          );
        })}
      </div>
    </div>
  );
}
