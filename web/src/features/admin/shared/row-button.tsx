import type { ReactNode } from 'react';
import { Ban, LockOpen } from 'lucide-react';

/**
 * A small button in a table row ('Verify', 'Block'…): `label` is its accessible name, which
 * names the row ('Block Lagos Stars'); `danger` draws it red.
 */
export function RowButton({
  label,
  icon,
  danger = false,
  onClick,
  children,
}: {
  label: string;
  icon: ReactNode;
  danger?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className={`inline-flex h-8 items-center gap-1 rounded-lg px-2.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${
        danger
          ? 'text-red-700 ring-red-200 hover:bg-red-50'
          : 'text-slate-700 ring-slate-300 hover:bg-slate-50'
      }`}
    >
      {icon}
      {children}
    </button>
  );
}

/** Block or Unblock for one account's row (players and academies), opening the block dialog. */
export function BlockRowButton({
  name,
  blocked,
  onClick,
}: {
  name: string;
  blocked: boolean;
  onClick: () => void;
}) {
  return (
    <RowButton
      label={`${blocked ? 'Unblock' : 'Block'} ${name}`}
      icon={
        blocked ? (
          <LockOpen aria-hidden="true" className="size-4" />
        ) : (
          <Ban aria-hidden="true" className="size-4" />
        )
      }
      danger={!blocked}
      onClick={onClick}
    >
      {blocked ? 'Unblock' : 'Block'}
    </RowButton>
  );
}
