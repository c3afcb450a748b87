import type { RegistrationStatus } from '@touchline/shared';
import { REGISTRATION_STATUS_LABELS, waitlistLabel } from '@touchline/shared';

const TONE: Record<RegistrationStatus, string> = {
  pending_payment: 'bg-amber-50 text-amber-800 ring-amber-200',
  registered: 'bg-brand-50 text-brand-800 ring-brand-200',
  selected: 'bg-emerald-700 text-white ring-emerald-800',
  rejected: 'bg-slate-100 text-slate-700 ring-slate-200',
  cancelled: 'bg-slate-100 text-slate-600 ring-slate-200',
  trial_cancelled: 'bg-red-50 text-red-700 ring-red-200',
  expired: 'bg-slate-100 text-slate-600 ring-slate-200',
  awaiting_guardian: 'bg-sky-50 text-sky-900 ring-sky-200',
  no_show: 'bg-orange-50 text-orange-800 ring-orange-200',
  waitlisted: 'bg-violet-50 text-violet-900 ring-violet-200',
};

/**
 * A registration's status as a small coloured badge (the shared labels); a waitlisted one with its
 * number in line when `position` is given ('Waitlisted — number 2 in line').
 */
export function StatusBadge({
  status,
  position = null,
}: {
  status: RegistrationStatus;
  position?: number | null;
}) {
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${TONE[status]}`}
    >
      {status === 'waitlisted' ? waitlistLabel(position) : REGISTRATION_STATUS_LABELS[status]}
    </span>
  );
}
