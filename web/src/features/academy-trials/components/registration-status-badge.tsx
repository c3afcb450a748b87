import type { RegistrationStatus } from '@touchline/shared';
import { REGISTRATION_STATUS_LABELS } from '@touchline/shared';

const TONE: Record<RegistrationStatus, string> = {
  pending_payment: 'bg-amber-50 text-amber-800 ring-amber-200',
  registered: 'bg-academy-50 text-academy-800 ring-academy-200',
  selected: 'bg-emerald-700 text-white ring-emerald-800',
  rejected: 'bg-slate-100 text-slate-700 ring-slate-200',
  cancelled: 'bg-slate-100 text-slate-600 ring-slate-200',
  trial_cancelled: 'bg-red-50 text-red-700 ring-red-200',
  expired: 'bg-slate-100 text-slate-600 ring-slate-200',
  // Never shown to an academy (decision 42); typed for completeness.
  awaiting_guardian: 'bg-slate-100 text-slate-600 ring-slate-200',
  no_show: 'bg-orange-50 text-orange-800 ring-orange-200',
  // Never in the registrants table (only its count, decision 49); typed for completeness.
  waitlisted: 'bg-slate-100 text-slate-600 ring-slate-200',
};

/** A registration's status as a small coloured badge (the shared labels). */
export function RegistrationStatusBadge({ status }: { status: RegistrationStatus }) {
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${TONE[status]}`}
    >
      {REGISTRATION_STATUS_LABELS[status]}
    </span>
  );
}
