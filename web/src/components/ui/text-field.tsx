import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { useId } from 'react';
import { FieldMessage } from './field-message';
import type { FieldTone } from './field-tone';
import { FIELD_FOCUS, FIELD_INVALID } from './field-tone';

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> & {
  label: string;
  error?: string;
  hint?: ReactNode;
  tone?: FieldTone;
  /** A control drawn inside the right edge of the input (a show-password toggle, …). */
  trailing?: ReactNode;
  ref?: Ref<HTMLInputElement>;
};

/** A labelled input with its hint or error underneath (works with react-hook-form `register`). */
export function TextField({
  label,
  error,
  hint,
  tone = 'player',
  trailing,
  id,
  className = '',
  ...input
}: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const messageId = `${inputId}-message`;
  const described = error || hint ? messageId : undefined;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="field-label">
        {label}
      </label>
      <div className="relative">
        <input
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          className={`field-input ${FIELD_FOCUS[tone]} ${error ? FIELD_INVALID : ''} ${trailing ? 'pr-11' : ''}`}
          {...input}
        />
        {trailing ? (
          <div className="absolute inset-y-0 right-0 flex items-center pr-1.5">{trailing}</div>
        ) : null}
      </div>
      <FieldMessage id={messageId} error={error} hint={hint} />
    </div>
  );
}
