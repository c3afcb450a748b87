import type { ClipboardEvent, KeyboardEvent, Ref } from 'react';
import { useImperativeHandle, useRef } from 'react';
import type { AuthTone } from '../lib/tone';

export type OtpInputHandle = { focus: (index?: number) => void };

type OtpInputProps = {
  /** One entry per box: a digit or ''. */
  value: readonly string[];
  onChange: (digits: string[]) => void;
  disabled?: boolean;
  invalid?: boolean;
  /** The message under the boxes (`aria-describedby`). */
  describedBy?: string;
  tone?: AuthTone;
  ref?: Ref<OtpInputHandle>;
};

const FOCUS: Record<AuthTone, string> = {
  player: 'focus:border-brand-600 focus:ring-brand-600/20',
  academy: 'focus:border-academy-600 focus:ring-academy-600/20',
  admin: 'focus:border-slate-700 focus:ring-slate-700/20',
};

/**
 * Six single-digit boxes. Typing a digit moves to the next box, pasting (or autofilling) a code
 * fills the boxes, Backspace clears the box or, on an empty box, goes back and clears that one;
 * the arrow keys move between boxes.
 */
export function OtpInput({
  value,
  onChange,
  disabled = false,
  invalid = false,
  describedBy,
  tone = 'player',
  ref,
}: OtpInputProps) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const length = value.length;

  const focusBox = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(length - 1, index))];
    box?.focus();
    box?.select();
  };
  useImperativeHandle(ref, () => ({ focus: (index = 0) => focusBox(index) }));

  const setDigit = (index: number, digit: string) => {
    const next = [...value];
    next[index] = digit;
    onChange(next);
  };

  /** Writes `digits` from box `start` on and moves to the box after the last one written. */
  const fill = (start: number, digits: string) => {
    const next = [...value];
    const written = digits.slice(0, length - start).split('');
    written.forEach((digit, offset) => {
      next[start + offset] = digit;
    });
    onChange(next);
    focusBox(start + written.length);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (/^\d$/.test(event.key)) {
      event.preventDefault();
      setDigit(index, event.key);
      if (index < length - 1) focusBox(index + 1);
      return;
    }
    switch (event.key) {
      case 'Backspace':
      case 'Delete':
        event.preventDefault();
        if (value[index]) setDigit(index, '');
        else if (event.key === 'Backspace' && index > 0) {
          setDigit(index - 1, '');
          focusBox(index - 1);
        }
        return;
      case 'ArrowLeft':
        event.preventDefault();
        focusBox(index - 1);
        return;
      case 'ArrowRight':
        event.preventDefault();
        focusBox(index + 1);
        return;
      case 'Home':
        event.preventDefault();
        focusBox(0);
        return;
      case 'End':
        event.preventDefault();
        focusBox(length - 1);
        return;
    }
  };

  /** Mobile keyboards and autofill arrive here rather than through keydown. */
  const onInput = (index: number, raw: string) => {
    const digits = raw.replace(/\D/g, '');
    if (!digits) {
      setDigit(index, '');
      return;
    }
    if (digits.length >= length) fill(0, digits);
    else if (digits.length > 1) fill(index, digits);
    else {
      setDigit(index, digits);
      if (index < length - 1) focusBox(index + 1);
    }
  };

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const digits = event.clipboardData.getData('text').replace(/\D/g, '');
    if (!digits) return;
    // A whole code fills every box, whichever box had the focus.
    fill(digits.length >= length ? 0 : index, digits);
  };

  return (
    <div
      role="group"
      aria-label="Verification code"
      aria-describedby={describedBy}
      className="grid grid-cols-6 gap-2 sm:gap-3"
    >
      {value.map((digit, index) => (
        <input
          key={index}
          ref={(element) => {
            boxes.current[index] = element;
          }}
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          aria-label={`Digit ${index + 1}`}
          aria-invalid={invalid || undefined}
          value={digit}
          disabled={disabled}
          onKeyDown={(event) => onKeyDown(index, event)}
          onChange={(event) => onInput(index, event.target.value)}
          onPaste={(event) => onPaste(index, event)}
          onFocus={(event) => event.target.select()}
          className={`h-14 w-full rounded-xl border bg-white text-center text-2xl font-semibold text-slate-900 shadow-sm transition-colors focus:ring-2 focus:outline-none disabled:bg-slate-50 disabled:text-slate-400 sm:h-16 ${
            invalid ? 'border-red-500' : digit ? 'border-slate-400' : 'border-slate-300'
          } ${FOCUS[tone]}`}
        />
      ))}
    </div>
  );
}

export const emptyCode = (length: number) => Array.from({ length }, () => '');
