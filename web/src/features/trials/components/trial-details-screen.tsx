import type { TrialView } from '@touchline/shared';
import { TRIAL_MESSAGES } from '@touchline/shared';
import {
  ArrowLeft,
  Ban,
  CalendarDays,
  Clock,
  ListChecks,
  MapPin,
  SearchX,
  Ticket,
  Timer,
  Users,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { EmptyCard } from '@/components/paged-list';
import { Skeleton } from '@/components/skeleton';
import { TestPaymentsBanner } from '@/components/test-payments-banner';
import { Button } from '@/components/ui/button';
import { UserAvatar } from '@/components/ui/user-avatar';
import { TRIAL_PATHS, profilePath } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { formatFee } from '@/lib/money';
import { useTrial } from '../api/get-trial';
import { useLiveTrialUpdates } from '../hooks/use-live-trial-updates';
import {
  ageRange,
  availabilityOf,
  formatDay,
  formatTime,
  place,
  placesText,
  sportLabel,
} from '../lib/format';
import { AvailabilityChip } from './availability-chip';
import { ExploreTrialsLink } from './explore-trials-link';
import { RegistrationPanel } from './registration-panel';
import { TrialPoster } from './trial-poster';

/**
 * `/trial_details/{id}`: the poster, when and where, fee, age range, places, the academy, the
 * description and requirements, and either Register or the player's registration.
 */
export function TrialDetailsScreen({ trialId }: { trialId: string }) {
  const query = useTrial(trialId);
  useLiveTrialUpdates();
  if (query.isPending) return <DetailsSkeleton />;
  if (query.isError) {
    const gone = query.error instanceof ApiError && query.error.status === 404;
    return gone ? (
      <EmptyCard
        icon={SearchX}
        title="Trial not found"
        text="This trial does not exist or is no longer available."
        action={<ExploreTrialsLink />}
      />
    ) : (
      <div role="alert" className="card p-6 text-center text-sm text-slate-600">
        <p>This trial could not be loaded.</p>
        <Button tone="secondary" className="mt-3" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return <TrialDetails trial={query.data} />;
}

function TrialDetails({ trial }: { trial: TrialView }) {
  const availability = availabilityOf(trial);
  return (
    <article aria-labelledby="trial-name">
      <Link
        href={TRIAL_PATHS.list}
        className="mb-4 inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-brand-700"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        All trials
      </Link>

      {trial.status === 'cancelled' ? (
        <div
          role="status"
          className="mb-5 flex gap-3 rounded-2xl border border-red-200 bg-red-50 p-4"
        >
          <Ban className="mt-0.5 size-5 shrink-0 text-red-600" aria-hidden="true" />
          <div>
            <p className="font-semibold text-red-800">{TRIAL_MESSAGES.cancelled}</p>
            {trial.cancel_reason ? (
              <p className="mt-1 text-sm text-red-700">Reason: {trial.cancel_reason}</p>
            ) : null}
          </div>
        </div>
      ) : null}

      {/* Phone: header, facts and the action, then the text; desktop: the action card on the right. */}
      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_22rem] lg:grid-rows-[auto_1fr] lg:gap-6">
        <div className="card min-w-0 overflow-hidden lg:col-start-1 lg:row-start-1">
          <TrialPoster
            image={trial.image}
            className="aspect-[16/9] max-h-[22rem] w-full"
            iconClassName="size-16"
          />
          <div className="p-5 sm:p-6">
            <div className="flex flex-wrap items-center gap-2">
              <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700">
                {sportLabel(trial)}
              </span>
              <AvailabilityChip availability={availability} placesLeft={trial.places_left} />
            </div>
            <h1
              id="trial-name"
              className="mt-3 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl"
            >
              {trial.name}
            </h1>
            <Link
              href={profilePath(trial.academy.id, 'academy')}
              className="mt-3 inline-flex items-center gap-2.5 rounded-lg text-sm font-medium text-slate-700 hover:text-academy-700"
            >
              <UserAvatar src={trial.academy.profile_photo} className="size-8" />
              <span>
                <span className="sr-only">Academy: </span>
                {trial.academy.username}
              </span>
            </Link>
          </div>
        </div>

        <aside className="space-y-5 lg:sticky lg:top-24 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start">
          {trial.registration_fee > 0 ? <TestPaymentsBanner /> : null}
          <FactsCard trial={trial} />
          <RegistrationPanel trial={trial} availability={availability} />
        </aside>

        <div className="min-w-0 space-y-5 lg:col-start-1 lg:row-start-2">
          <section aria-labelledby="about-trial" className="card p-5 sm:p-6">
            <h2 id="about-trial" className="font-semibold text-slate-900">
              About this trial
            </h2>
            <p className="mt-2 text-sm leading-relaxed whitespace-pre-line text-slate-700">
              {trial.description || 'The academy has not added a description.'}
            </p>
          </section>

          {trial.requirements.length ? (
            <section aria-labelledby="trial-requirements" className="card p-5 sm:p-6">
              <h2
                id="trial-requirements"
                className="flex items-center gap-2 font-semibold text-slate-900"
              >
                <ListChecks className="size-4 text-slate-400" aria-hidden="true" />
                Requirements
              </h2>
              <p className="mt-1 text-xs text-slate-500">
                You will answer each of these when you register.
              </p>
              <ol className="mt-3 list-decimal space-y-1.5 pl-5 text-sm text-slate-700">
                {trial.requirements.map((requirement) => (
                  <li key={requirement.id}>{requirement.text}</li>
                ))}
              </ol>
            </section>
          ) : null}
        </div>
      </div>
    </article>
  );
}

function FactsCard({ trial }: { trial: TrialView }) {
  return (
    <section aria-label="Trial facts" className="card p-5">
      <p className="text-2xl font-bold text-slate-900">
        {formatFee(trial.registration_fee)}
        {trial.registration_fee ? (
          <span className="ml-1.5 text-sm font-medium text-slate-500">registration fee</span>
        ) : null}
      </p>
      <dl className="mt-4 space-y-3 text-sm">
        <Fact icon={CalendarDays} label="Date">
          {formatDay(trial.trial_date)}
        </Fact>
        <Fact icon={Clock} label="Start time">
          {formatTime(trial.start_time)}
        </Fact>
        <Fact icon={MapPin} label="Venue">
          <span className="block">{trial.venue}</span>
          {trial.landmark ? <span className="block text-slate-500">{trial.landmark}</span> : null}
          <span className="block text-slate-500">{place(trial)}</span>
        </Fact>
        <Fact icon={Users} label="Age range">
          {ageRange(trial)}
        </Fact>
        <Fact icon={Ticket} label="Places">
          {trial.places_left === 0 ? 'No places left' : placesText(trial.places_left)}
          {trial.total_participant_limit !== null ? (
            <span className="text-slate-500"> of {trial.total_participant_limit}</span>
          ) : null}
        </Fact>
        <Fact icon={Timer} label="Registration deadline">
          {formatDay(trial.deadline)}
        </Fact>
      </dl>
    </section>
  );
}

function Fact({
  icon: Icon,
  label,
  children,
}: {
  icon: LucideIcon;
  label: string;
  children: ReactNode;
}) {
  return (
    // dt and dd directly in the group (axe: definition-list); the grid puts them beside the icon.
    <div className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3">
      <Icon className="row-span-2 mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden="true" />
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="col-start-2 mt-0.5 text-slate-800">{children}</dd>
    </div>
  );
}

function DetailsSkeleton() {
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label="Loading"
      className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]"
    >
      <div className="card overflow-hidden">
        <Skeleton className="aspect-[16/9] w-full" rounded="rounded-none" />
        <div className="space-y-3 p-6">
          <Skeleton className="h-6 w-2/3" />
          <Skeleton className="h-4 w-1/3" />
        </div>
      </div>
      <div className="card space-y-3 p-5">
        <Skeleton className="h-7 w-1/3" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-5/6" />
        <Skeleton className="h-10 w-full" />
      </div>
    </div>
  );
}
