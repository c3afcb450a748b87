import { Check } from 'lucide-react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useId } from 'react';
import { FieldMessage } from '@/components/ui/field-message';
import { SPORT_OPTIONS } from '../lib/options';

/** 'Available sport' for academies: one or more of football, basketball and other. */
export function SportChoices({
  field,
  selected,
  error,
}: {
  field: UseFormRegisterReturn;
  selected: readonly string[];
  error?: string;
}) {
  const messageId = useId();
  return (
    <fieldset aria-describedby={error ? messageId : undefined}>
      <legend className="field-label">Available sport</legend>
      <div className="grid grid-cols-3 gap-2">
        {SPORT_OPTIONS.map((option) => {
          const checked = selected.includes(option.value);
          return (
            <label
              key={option.value}
              className={`relative flex cursor-pointer items-center justify-center gap-1.5 rounded-lg border px-2 py-2.5 text-sm font-medium transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-academy-600/40 ${
                checked
                  ? 'border-academy-600 bg-academy-50 text-academy-800'
                  : 'border-slate-300 bg-white text-slate-700 hover:border-slate-400'
              }`}
            >
              <input type="checkbox" value={option.value} className="sr-only" {...field} />
              {checked ? <Check className="size-4" aria-hidden="true" /> : null}
              {option.label}
            </label>
          );
        })}
      </div>
      <FieldMessage id={messageId} error={error} hint="Choose one or more." />
    </fieldset>
  );
}
