import type { ButtonHTMLAttributes, Ref } from 'react';
import { Spinner } from './spinner';

/** Players green, academies indigo (spec §6), administrators slate; plus neutral variants. */
export type ButtonTone = 'player' | 'academy' | 'admin' | 'secondary' | 'ghost';

const TONE_CLASS: Record<ButtonTone, string> = {
  player: 'btn-player',
  academy: 'btn-academy',
  admin: 'bg-slate-900 text-white shadow-sm hover:bg-slate-800 active:bg-slate-950',
  secondary: 'btn-secondary',
  ghost: 'text-slate-700 hover:bg-slate-100 active:bg-slate-200',
};

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  tone?: ButtonTone;
  /** Shows a spinner, keeps the label (the accessible name does not change) and disables. */
  loading?: boolean;
  fullWidth?: boolean;
  ref?: Ref<HTMLButtonElement>;
};

export function Button({
  tone = 'player',
  loading = false,
  fullWidth = false,
  type = 'button',
  disabled,
  className = '',
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={`btn ${TONE_CLASS[tone]} ${fullWidth ? 'w-full' : ''} ${className}`}
      {...rest}
    >
      {loading ? <Spinner /> : null}
      {children}
    </button>
  );
}
