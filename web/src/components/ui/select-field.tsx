import { ChevronDown } from 'lucide-react';
import type { ReactNode, Ref, SelectHTMLAttributes } from 'react';
import { useId } from 'react';
import { FieldMessage } from './field-message';
import type { FieldTone } from './field-tone';
import { FIELD_FOCUS, FIELD_INVALID } from './field-tone';

export type SelectOption = { value: string; label: string };

export type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  options: readonly SelectOption[];
  /** The empty first choice ("Select a state"). */
  placeholder?: string;
  error?: string;
  hint?: ReactNode;
  tone?: FieldTone;
  ref?: Ref<HTMLSelectElement>;
};

/** A labelled native select with its hint or error underneath. */
export function SelectField({
  label,
  options,
  placeholder,
  error,
  hint,
  tone = 'player',
  id,
  className = '',
  ...select
}: SelectFieldProps) {
  const autoId = useId();
  const selectId = id ?? autoId;
  const messageId = `${selectId}-message`;
  return (
    <div className={className}>
      <label htmlFor={selectId} className="field-label">
        {label}
      </label>
      <div className="relative">
        <select
          id={selectId}
          aria-invalid={error ? true : undefined}
          aria-describedby={error || hint ? messageId : undefined}
          className={`field-input appearance-none pr-10 disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-400 ${FIELD_FOCUS[tone]} ${error ? FIELD_INVALID : ''}`}
          {...select}
        >
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDown
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-400"
          aria-hidden="true"
        />
      </div>
      <FieldMessage id={messageId} error={error} hint={hint} />
    </div>
  );
}
