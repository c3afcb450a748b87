import { zodResolver } from '@hookform/resolvers/zod';
import type { ProfileView, RegisterBody, RegisterBodyInput, TrialView } from '@touchline/shared';
import {
  ageOn,
  todayInLagos,
  PLAYER_LEVEL_LABELS,
  PLAYER_LEVELS,
  STATES,
  TRIAL_LIMITS,
  TRIAL_MESSAGES,
} from '@touchline/shared';
import { ArrowLeft, CircleAlert, CreditCard, Lock } from 'lucide-react';
import { useId } from 'react';
import type { Path, UseFormRegisterReturn } from 'react-hook-form';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useLocation } from 'wouter';
import { useClientConfig } from '@/api/platform/client-config';
import { useProfile } from '@/api/profiles/get-profile';
import { FieldMessage } from '@/components/ui/field-message';
import { FIELD_FOCUS, FIELD_INVALID } from '@/components/ui/field-tone';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/skeleton';
import { trialPath } from '@/config/paths';
import { lgaOptions, resolverWithLocations, useLocations } from '@/lib/locations';
import { checkoutTarget } from '@/lib/checkout-target';
import { formatNaira } from '@/lib/money';
import { showNotice } from '@/lib/toast';
import { useTrial } from '../api/get-trial';
import { useMyConsentStatus } from '../api/my-consent';
import { useRegisterForTrial } from '../api/register-trial';
import { errorText, fieldErrors } from '../lib/errors';
import { availabilityOf, formatDay, formatTime, place, waitlistExplanation } from '../lib/format';
import { TrialPoster } from './trial-poster';

const LIVE = new Set([
  'pending_payment',
  'registered',
  'selected',
  'rejected',
  'awaiting_guardian',
  'waitlisted',
]);
const STATE_OPTIONS = STATES.map((state) => ({ value: state, label: state }));
const LEVEL_OPTIONS = PLAYER_LEVELS.map((level) => ({
  value: level,
  label: PLAYER_LEVEL_LABELS[level],
}));
const resolver = resolverWithLocations((data) => zodResolver(data.registerBodySchema));

/**
 * `/register_trial/{id}`: the registration form, prefilled from the player's profile (name, date
 * of birth, e-mail, state, LGA), with phone, level reached and one required answer per
 * requirement. A paid trial's button reads 'Pay ₦…' and goes on to the provider's checkout; a free
 * one reads 'Register' and returns to the trial. The states/LGA table the LGA select and the
 * schema need starts loading with the trial and the profile.
 */
export function RegisterTrialScreen({ trialId }: { trialId: string }) {
  const trial = useTrial(trialId);
  const profile = useProfile(null);
  useLocations();

  if (trial.isPending || profile.isPending) return <FormSkeleton />;
  if (trial.isError || profile.isError || profile.data.limited) {
    return (
      <div role="alert" className="card p-6 text-center text-sm text-slate-600">
        <p>
          {trial.isError ? 'This trial could not be loaded.' : 'Your profile could not be loaded.'}
        </p>
        <Link href={trialPath(trialId)} className="btn btn-secondary mt-3">
          Back to the trial
        </Link>
      </div>
    );
  }
  const closed = closedReason(trial.data);
  return (
    <div className="grid gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
      <TrialSummary trial={trial.data} />
      {closed ? (
        <div role="status" className="card p-6 text-sm text-slate-700">
          <p className="font-semibold text-slate-900">{closed}</p>
          <Link href={trialPath(trialId)} className="btn btn-secondary mt-4">
            Back to the trial
          </Link>
        </div>
      ) : (
        <RegisterForm trial={trial.data} profile={profile.data} />
      )}
    </div>
  );
}

function closedReason(trial: TrialView): string | null {
  if (trial.my_registration && LIVE.has(trial.my_registration.status))
    return TRIAL_MESSAGES.alreadyRegistered;
  const availability = availabilityOf(trial);
  if (availability === 'cancelled') return TRIAL_MESSAGES.cancelled;
  if (availability === 'deadline') return TRIAL_MESSAGES.deadlinePassed;
  // A full trial takes the form too: the player joins its waitlist (supplement §17).
  return null;
}

function TrialSummary({ trial }: { trial: TrialView }) {
  return (
    <aside className="lg:sticky lg:top-24 lg:self-start">
      <Link
        href={trialPath(trial.id)}
        className="mb-4 inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-brand-700"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to the trial
      </Link>
      <div className="card flex gap-4 overflow-hidden p-4 lg:block lg:p-0">
        <TrialPoster
          image={trial.image}
          className="size-20 shrink-0 rounded-xl lg:aspect-[16/9] lg:size-auto lg:w-full lg:rounded-none"
          iconClassName="size-8"
          sizes="(min-width: 1024px) 320px, 80px"
        />
        <div className="min-w-0 lg:p-5">
          <p className="font-semibold text-slate-900">{trial.name}</p>
          <p className="mt-1 text-sm text-slate-600">{trial.academy.username}</p>
          <p className="mt-1 text-sm text-slate-600">
            {formatDay(trial.trial_date)} · {formatTime(trial.start_time)}
          </p>
          <p className="text-sm text-slate-600">
            {trial.venue}, {place(trial)}
          </p>
          <p className="mt-2 text-lg font-bold text-slate-900">
            {trial.registration_fee ? formatNaira(trial.registration_fee) : 'Free'}
          </p>
        </div>
      </div>
    </aside>
  );
}

function defaultsOf(trial: TrialView, profile: ProfileView): RegisterBodyInput {
  return {
    trial: trial.id,
    name: profile.username,
    dob: profile.dob ?? '',
    phone: profile.phone ?? '',
    email: profile.email ?? '',
    state: profile.state ?? '',
    district: profile.district ?? '',
    level: '' as RegisterBodyInput['level'],
    answers: trial.requirements.map((requirement) => ({
      requirement_id: requirement.id,
      answer: '',
    })),
  };
}

function RegisterForm({ trial, profile }: { trial: TrialView; profile: ProfileView }) {
  const [, navigate] = useLocation();
  const register = useRegisterForTrial();
  const { data: config } = useClientConfig();
  const form = useForm<RegisterBodyInput, unknown, RegisterBody>({
    defaultValues: defaultsOf(trial, profile),
    resolver,
  });
  const { errors } = form.formState;
  const locations = useLocations();
  const state = useWatch({ control: form.control, name: 'state' });
  const district = useWatch({ control: form.control, name: 'district' });
  const dobLocked = Boolean(profile.dob);
  // A minor (consent given: others are refused) registers for the guardian to approve and pay
  // (decision 42): no checkout now.
  const consent = useMyConsentStatus();
  const viaGuardian =
    consent.data?.consent_status === 'given' &&
    Boolean(profile.dob) &&
    ageOn(profile.dob!, todayInLagos()) < 18;
  // Every place taken: the form joins the waitlist; nothing is paid until a place is offered.
  const full = trial.places_left === 0;
  const paid = trial.registration_fee > 0 && !viaGuardian && !full;
  const formError =
    register.error && !Object.keys(fieldErrors(register.error)).length
      ? errorText(register.error)
      : null;

  const onSubmit = form.handleSubmit((body) =>
    register.mutate(body, {
      onSuccess: (answer) => {
        if (answer.payment) {
          // Only to our sandbox page or the provider's https checkout (issue 25).
          const target = config ? checkoutTarget(answer.payment.authorization_url, config) : null;
          if (target?.kind === 'page') navigate(target.path);
          else if (target?.kind === 'provider') window.location.assign(target.url);
          else showNotice(TRIAL_MESSAGES.checkoutRefused, 'error');
          return;
        }
        // A consented minor's registration waits for the guardian (decision 42); a full trial's
        // joins the waitlist (§17).
        showNotice(
          answer.status === 'waitlisted'
            ? `${TRIAL_MESSAGES.waitlisted}${answer.waitlist_position ? ` (number ${answer.waitlist_position} in line)` : ''}`
            : answer.status === 'awaiting_guardian'
              ? TRIAL_MESSAGES.awaitingGuardian
              : TRIAL_MESSAGES.registered,
          'success',
        );
        navigate(trialPath(trial.id), { replace: true });
      },
      onError: (error) => {
        for (const [field, message] of Object.entries(fieldErrors(error)))
          form.setError(field as Path<RegisterBodyInput>, { message });
      },
    }),
  );

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="register-title"
      className="card p-5 sm:p-6"
    >
      <h1 id="register-title" className="text-xl font-bold tracking-tight text-slate-900">
        Register for {trial.name}
      </h1>
      <p className="mt-1 text-sm text-slate-600">
        We filled in what your profile says; check it before you continue.
      </p>

      {formError ? (
        <p
          role="alert"
          className="mt-4 flex gap-2 rounded-xl bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200"
        >
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {formError}
        </p>
      ) : null}

      <fieldset className="mt-5 grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold text-slate-900 sm:col-span-2">
          Your details
        </legend>
        <TextField
          label="Full name"
          autoComplete="name"
          className="sm:col-span-2"
          error={errors.name?.message}
          {...form.register('name')}
        />
        <TextField
          label="Date of birth"
          type="date"
          readOnly={dobLocked}
          hint={
            dobLocked ? (
              <span className="inline-flex items-center gap-1">
                <Lock className="size-3" aria-hidden="true" /> From your profile
              </span>
            ) : undefined
          }
          error={errors.dob?.message}
          {...form.register('dob')}
        />
        <TextField
          label="Phone number"
          type="tel"
          autoComplete="tel"
          placeholder="08012345678"
          error={errors.phone?.message}
          {...form.register('phone')}
        />
        <TextField
          label="E-mail"
          type="email"
          autoComplete="email"
          className="sm:col-span-2"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <SelectField
          label="State"
          placeholder="Select your state"
          options={STATE_OPTIONS}
          error={errors.state?.message}
          {...form.register('state', {
            onChange: () => form.setValue('district', ''),
          })}
        />
        <SelectField
          label="LGA"
          placeholder={state ? 'Select your LGA' : 'Select a state first'}
          options={lgaOptions(locations, state, district)}
          disabled={!state || !locations}
          error={errors.district?.message}
          {...form.register('district')}
        />
        <SelectField
          label="Level reached"
          placeholder="Select the level you reached"
          options={LEVEL_OPTIONS}
          className="sm:col-span-2"
          error={errors.level?.message}
          {...form.register('level')}
        />
      </fieldset>

      {trial.requirements.length ? (
        <fieldset className="mt-6 space-y-4">
          <legend className="mb-2 text-sm font-semibold text-slate-900">The academy asks</legend>
          {trial.requirements.map((requirement, index) => (
            <AnswerField
              key={requirement.id}
              label={requirement.text}
              error={errors.answers?.[index]?.answer?.message}
              field={form.register(`answers.${index}.answer`)}
            />
          ))}
        </fieldset>
      ) : null}

      <div className="mt-6 border-t border-slate-100 pt-5">
        <Button type="submit" fullWidth loading={register.isPending} className="py-3 text-base">
          {full ? (
            'Join the waitlist'
          ) : paid ? (
            <>
              <CreditCard className="size-5" aria-hidden="true" />
              Pay {formatNaira(trial.registration_fee)}
            </>
          ) : (
            'Register'
          )}
        </Button>
        <p className="mt-2 text-center text-xs text-slate-500">
          {full
            ? waitlistExplanation(trial.registration_fee)
            : viaGuardian
              ? `Your guardian is asked to approve${trial.registration_fee > 0 ? ` and pay ${formatNaira(trial.registration_fee)}` : ''}; your place is held for 48 hours.`
              : paid
                ? `Your place is held for ${TRIAL_LIMITS.holdMinutes} minutes while you pay.`
                : 'This trial is free: your place is confirmed at once.'}
        </p>
      </div>
    </form>
  );
}

function AnswerField({
  label,
  error,
  field,
}: {
  label: string;
  error?: string;
  field: UseFormRegisterReturn;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <textarea
        id={id}
        rows={2}
        maxLength={TRIAL_LIMITS.answerMaxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-message` : undefined}
        className={`field-input resize-y ${FIELD_FOCUS.player} ${error ? FIELD_INVALID : ''}`}
        {...field}
      />
      <FieldMessage id={`${id}-message`} error={error} />
    </div>
  );
}

function FormSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading" className="card space-y-4 p-6">
      <Skeleton className="h-6 w-1/2" />
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-12 w-full" />
    </div>
  );
}
