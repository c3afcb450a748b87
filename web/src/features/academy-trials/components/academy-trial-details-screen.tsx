import { Ban, CalendarDays, Clock, MapPin, Pencil, UserCheck, Users, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/skeleton';
import { ApiError } from '@/lib/api-client';
import { preloadLocations } from '@/lib/locations';
import { formatFee } from '@/lib/money';
import { useAcademyTrial } from '../api/get-academy-trial';
import { useRegistrants } from '../api/get-registrants';
import { useLiveRegistrants } from '../hooks/use-live-registrants';
import { ageRange, formatDay, formatTime, registeredText, sportLabel } from '../lib/format';
import { ACADEMY_TRIAL_PATHS, trialCheckInPath } from '../lib/paths';
import { CancelTrialDialog } from './cancel-trial-dialog';
import { EditTrialDialog } from './edit-trial-dialog';
import { RegistrantsTable } from './registrants-table';
import { IMAGE_WIDTHS, mediaSrcSet } from '@/components/ui/media-srcset';
import { PosterPlaceholder } from './poster-placeholder';

/**
 * `/academy/trial_details/{id}`: the trial, Edit and Cancel (with a reason) while it is active,
 * and the registrants table, which follows new registrations live.
 */
export function AcademyTrialDetailsScreen({ trialId }: { trialId: string }) {
  const trial = useAcademyTrial(trialId);
  const registrants = useRegistrants(trialId);
  const [dialog, setDialog] = useState<'edit' | 'cancel' | null>(null);
  useLiveRegistrants(trialId);

  if (trial.isPending) return <DetailsSkeleton />;
  if (trial.isError) {
    const missing = trial.error instanceof ApiError && [403, 404].includes(trial.error.status);
    return (
      <div className="card mx-auto flex max-w-lg flex-col items-center gap-3 px-6 py-12 text-center">
        <h1 className="text-lg font-semibold text-slate-900">
          {missing ? 'Trial not found' : 'Could not load this trial'}
        </h1>
        <p className="text-sm text-slate-600">
          {missing
            ? 'It may have been removed, or it belongs to another academy.'
            : 'Server error try again later'}
        </p>
        <Link href={ACADEMY_TRIAL_PATHS.list} className="btn btn-academy">
          Your trials
        </Link>
      </div>
    );
  }

  const t = trial.data;
  const active = t.status === 'active';
  // The first page carries the whole list's counts (a trial of any size is read a page at a time).
  const counts = registrants.data?.pages[0];
  const locked = t.registered_count > 0 || (counts?.total ?? 0) > 0;

  return (
    <div className="space-y-6">
      <article className="card overflow-hidden" aria-labelledby="trial-name">
        <div className="grid gap-0 md:grid-cols-[18rem_minmax(0,1fr)]">
          <div className="aspect-[4/3] bg-academy-50 md:aspect-auto md:min-h-full">
            {t.image ? (
              <img
                src={t.image}
                srcSet={mediaSrcSet(t.image, IMAGE_WIDTHS.post)}
                sizes="(min-width: 768px) 288px, 100vw"
                alt={`Poster of ${t.name}`}
                decoding="async"
                className="size-full object-cover"
              />
            ) : (
              <PosterPlaceholder />
            )}
          </div>
          <div className="p-5 sm:p-6">
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div>
                <p className="text-sm font-medium text-academy-700">{sportLabel(t)}</p>
                <h1 id="trial-name" className="text-2xl font-bold tracking-tight text-slate-900">
                  {t.name}
                </h1>
              </div>
              {active ? (
                <div className="flex flex-wrap gap-2">
                  <Link href={trialCheckInPath(t.id)} className="btn btn-academy">
                    <UserCheck className="size-4" aria-hidden="true" />
                    Check in players
                  </Link>
                  <Button
                    tone="secondary"
                    // The form's state/LGA table starts loading as the button is pointed at.
                    onPointerEnter={preloadLocations}
                    onPointerDown={preloadLocations}
                    onFocus={preloadLocations}
                    onClick={() => setDialog('edit')}
                  >
                    <Pencil className="size-4" aria-hidden="true" />
                    Edit
                  </Button>
                  <Button
                    tone="ghost"
                    className="text-red-700 hover:bg-red-50"
                    onClick={() => setDialog('cancel')}
                  >
                    <Ban className="size-4" aria-hidden="true" />
                    Cancel trial
                  </Button>
                </div>
              ) : null}
            </div>
            {!active ? (
              <p role="status" className="mt-3 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800">
                <span className="font-semibold">Cancelled.</span>{' '}
                {t.cancel_reason ? `Reason: ${t.cancel_reason}` : null}
              </p>
            ) : null}
            <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
              <Fact icon={<CalendarDays className="size-4" />} label="Trial date">
                {formatDay(t.trial_date)}
              </Fact>
              <Fact icon={<Clock className="size-4" />} label="Start time">
                {formatTime(t.start_time)}
              </Fact>
              <Fact icon={<MapPin className="size-4" />} label="Venue">
                {[t.venue, t.landmark, t.district, t.state].filter(Boolean).join(', ')}
              </Fact>
              <Fact icon={<CalendarDays className="size-4" />} label="Registration deadline">
                {formatDay(t.deadline)}
              </Fact>
              <Fact icon={<Users className="size-4" />} label="Places">
                {registeredText(t.registered_count, t.total_participant_limit)} · {ageRange(t)}
                {/* The waitlist's count only, never who (decision 49). */}
                {t.waitlist_count > 0 ? ` · ${t.waitlist_count} on the waitlist` : ''}
              </Fact>
              {counts ? (
                <Fact icon={<UserCheck className="size-4" />} label="Attendance">
                  {counts.attendance.checked_in} of {counts.attendance.expected} checked in
                </Fact>
              ) : null}
              <Fact icon={<Wallet className="size-4" />} label="Fee">
                {formatFee(t.registration_fee)}
              </Fact>
            </dl>
            {t.description ? (
              <p className="mt-4 text-sm whitespace-pre-line text-slate-700">{t.description}</p>
            ) : null}
            {t.requirements.length > 0 ? (
              <div className="mt-4">
                <h2 className="text-sm font-semibold text-slate-900">Requirements</h2>
                <ol className="mt-1 list-decimal space-y-0.5 pl-5 text-sm text-slate-700">
                  {t.requirements.map((r) => (
                    <li key={r.id}>{r.text}</li>
                  ))}
                </ol>
              </div>
            ) : null}
          </div>
        </div>
      </article>

      <RegistrantsTable trialId={t.id} trialName={t.name} />

      {dialog === 'edit' ? (
        <EditTrialDialog open onClose={() => setDialog(null)} trial={t} locked={locked} />
      ) : null}
      {dialog === 'cancel' ? (
        <CancelTrialDialog
          open
          onClose={() => setDialog(null)}
          trialId={t.id}
          trialName={t.name}
          paid={t.registration_fee > 0}
        />
      ) : null}
    </div>
  );
}

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    // dt and dd directly in the group (axe: definition-list); the grid puts them beside the icon.
    <div className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2">
      <span className="row-span-2 mt-0.5 text-slate-400" aria-hidden="true">
        {icon}
      </span>
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="col-start-2 text-slate-800">{children}</dd>
    </div>
  );
}

function DetailsSkeleton() {
  return (
    <div className="card space-y-3 p-6" aria-hidden="true">
      <Skeleton className="h-6 w-1/2" />
      <Skeleton className="h-4 w-1/3" />
      <Skeleton className="h-24 w-full" />
    </div>
  );
}
