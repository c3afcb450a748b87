import { ImagePlus, Plus, Trash2, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useEffect, useRef, useState } from 'react';
import type { Sport } from '@touchline/shared';
import { SPORTS, STATES, TRIAL_LIMITS } from '@touchline/shared';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FieldMessage } from '@/components/ui/field-message';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { lgaOptions, useLocations } from '@/lib/locations';
import type { TrialFormPayload } from '../api/save-trial';
import type { TrialFormValues } from '../lib/trial-form';
import {
  EMPTY_TRIAL_FORM,
  POSTER_ACCEPT,
  payloadOf,
  posterProblem,
  trialFormResolver,
} from '../lib/trial-form';

const SPORT_LABELS: Record<Sport, string> = {
  football: 'Football',
  basketball: 'Basketball',
  other: 'Other',
};

const stateOptions = STATES.map((value) => ({ value, label: value }));

export type TrialFormSubmit = { fields: TrialFormPayload; poster: File | null };

type TrialFormProps = {
  initial?: TrialFormValues;
  /** The stored poster (editing), shown until another is chosen. */
  currentPoster?: string | null;
  /** Fee, sport and requirements cannot change once anyone registered (supplement §5). */
  locked?: boolean;
  submitLabel: string;
  saving: boolean;
  /** Upload progress 0…1 while saving. */
  progress?: number;
  /** A message from the server (kept above the buttons). */
  serverError?: string | null;
  onSubmit: (input: TrialFormSubmit) => void | Promise<void>;
  /** Extra buttons beside Save (Cancel in the edit dialog). */
  actions?: ReactNode;
  now?: () => Date;
};

/**
 * Every field of a trial (supplement §5), checked with the shared schema before it is sent: name,
 * sport, state and LGA, venue and landmark, trial date, start time, registration deadline, age
 * range, participant limit, the fee in naira (sent as kobo), the poster with a preview, the
 * description and up to 5 requirements.
 */
export function TrialForm({
  initial = EMPTY_TRIAL_FORM,
  currentPoster = null,
  locked = false,
  submitLabel,
  saving,
  progress,
  serverError,
  onSubmit,
  actions,
  now,
}: TrialFormProps) {
  const [resolver] = useState(() => trialFormResolver(now));
  const form = useForm<TrialFormValues>({ defaultValues: initial, resolver });
  const { register, control, handleSubmit, setValue } = form;
  const { errors } = form.formState;
  const requirements = useFieldArray({ control, name: 'requirements' });
  const locations = useLocations();
  const state = useWatch({ control, name: 'state' });
  const district = useWatch({ control, name: 'district' });
  const sport = useWatch({ control, name: 'sport' });
  const description = useWatch({ control, name: 'description' });

  const [poster, setPoster] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [posterError, setPosterError] = useState<string | null>(null);
  const previewRef = useRef<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(
    () => () => {
      if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    },
    [],
  );

  function choosePoster(file: File | null) {
    if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    previewRef.current = null;
    setPreview(null);
    setPoster(null);
    setPosterError(null);
    if (!file) return;
    const problem = posterProblem(file);
    if (problem) {
      setPosterError(problem);
      if (fileInput.current) fileInput.current.value = '';
      return;
    }
    previewRef.current = URL.createObjectURL(file);
    setPreview(previewRef.current);
    setPoster(file);
  }

  const shownPoster = preview ?? currentPoster;
  const tone = 'academy' as const;

  return (
    <form
      noValidate
      aria-label="Trial form"
      className="space-y-6"
      onSubmit={handleSubmit((values) => onSubmit({ fields: payloadOf(values), poster }))}
    >
      <fieldset className="space-y-4">
        <legend className="text-base font-semibold text-slate-900">The trial</legend>
        <TextField
          label="Trial name"
          tone={tone}
          maxLength={TRIAL_LIMITS.nameMaxLength}
          error={errors.name?.message}
          {...register('name')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Sport"
            tone={tone}
            placeholder="Select a sport"
            options={SPORTS.map((value) => ({ value, label: SPORT_LABELS[value] }))}
            disabled={locked}
            hint={locked ? 'Locked: players have registered' : undefined}
            error={errors.sport?.message}
            {...register('sport')}
          />
          {sport === 'other' ? (
            <TextField
              label="Specify Sport"
              tone={tone}
              disabled={locked}
              maxLength={TRIAL_LIMITS.sportOtherMaxLength}
              error={errors.sport_other?.message}
              {...register('sport_other')}
            />
          ) : null}
        </div>
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="text-base font-semibold text-slate-900">Where and when</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="State"
            tone={tone}
            placeholder="Select a state"
            options={stateOptions}
            error={errors.state?.message}
            {...register('state', { onChange: () => setValue('district', '') })}
          />
          <SelectField
            label="LGA"
            tone={tone}
            placeholder={state ? 'Select an LGA' : 'Select a state first'}
            disabled={!state || !locations}
            options={lgaOptions(locations, state, district)}
            error={errors.district?.message}
            {...register('district')}
          />
          <TextField
            label="Venue"
            tone={tone}
            maxLength={TRIAL_LIMITS.venueMaxLength}
            error={errors.venue?.message}
            {...register('venue')}
          />
          <TextField
            label="Landmark (optional)"
            tone={tone}
            maxLength={TRIAL_LIMITS.landmarkMaxLength}
            error={errors.landmark?.message}
            {...register('landmark')}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            label="Trial date"
            type="date"
            tone={tone}
            error={errors.trial_date?.message}
            {...register('trial_date')}
          />
          <TextField
            label="Start time"
            type="time"
            tone={tone}
            error={errors.start_time?.message}
            {...register('start_time')}
          />
          <TextField
            label="Registration deadline"
            type="date"
            tone={tone}
            hint="On or before the trial date"
            error={errors.deadline?.message}
            {...register('deadline')}
          />
        </div>
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="text-base font-semibold text-slate-900">Who can come</legend>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <TextField
            label="Minimum age (optional)"
            inputMode="numeric"
            tone={tone}
            error={errors.min_age?.message}
            {...register('min_age')}
          />
          <TextField
            label="Maximum age (optional)"
            inputMode="numeric"
            tone={tone}
            error={errors.max_age?.message}
            {...register('max_age')}
          />
          <TextField
            label="Participant limit (optional)"
            inputMode="numeric"
            tone={tone}
            hint="Empty for no limit"
            error={errors.total_participant_limit?.message}
            {...register('total_participant_limit')}
          />
          <TextField
            label="Fee (₦)"
            inputMode="decimal"
            tone={tone}
            placeholder="0"
            disabled={locked}
            hint={locked ? 'Locked: players have registered' : '0 for a free trial'}
            error={errors.fee_naira?.message}
            {...register('fee_naira')}
          />
        </div>
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="text-base font-semibold text-slate-900">Poster and description</legend>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
          <div className="flex aspect-[4/3] w-full shrink-0 items-center justify-center overflow-hidden rounded-xl border border-dashed border-slate-300 bg-slate-50 sm:w-56">
            {shownPoster ? (
              <img src={shownPoster} alt="Poster preview" className="size-full object-cover" />
            ) : (
              <ImagePlus className="size-8 text-slate-400" aria-hidden="true" />
            )}
          </div>
          <div className="space-y-2">
            <label htmlFor="trial-poster" className="field-label">
              Poster (JPEG, PNG or WebP, up to 10 MB)
            </label>
            <input
              id="trial-poster"
              ref={fileInput}
              type="file"
              accept={POSTER_ACCEPT}
              aria-describedby="trial-poster-message"
              className="block w-full text-sm text-slate-600 file:mr-3 file:rounded-lg file:border-0 file:bg-academy-50 file:px-3 file:py-2 file:font-semibold file:text-academy-700"
              onChange={(event) => choosePoster(event.target.files?.[0] ?? null)}
            />
            {poster ? (
              <Button
                tone="ghost"
                className="text-sm"
                onClick={() => {
                  choosePoster(null);
                  if (fileInput.current) fileInput.current.value = '';
                }}
              >
                <X className="size-4" aria-hidden="true" />
                Remove poster
              </Button>
            ) : null}
            <FieldMessage id="trial-poster-message" error={posterError ?? undefined} />
          </div>
        </div>
        <div>
          <label htmlFor="trial-description" className="field-label">
            Description
          </label>
          <textarea
            id="trial-description"
            rows={5}
            aria-invalid={errors.description ? true : undefined}
            aria-describedby="trial-description-message"
            className="field-input focus:border-academy-600 focus:ring-academy-600/20"
            {...register('description')}
          />
          <FieldMessage
            id="trial-description-message"
            error={errors.description?.message}
            hint={`${description.length}/${TRIAL_LIMITS.descriptionMaxLength}`}
          />
        </div>
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="text-base font-semibold text-slate-900">
          Requirements{' '}
          <span className="text-sm font-normal text-slate-500">
            (up to {TRIAL_LIMITS.requirementsMax}; each becomes a required question when players
            register)
          </span>
        </legend>
        {locked ? <p className="text-sm text-slate-500">Locked: players have registered.</p> : null}
        <ol className="space-y-3">
          {requirements.fields.map((field, index) => (
            <li key={field.id} className="flex items-start gap-2">
              <TextField
                label={`Requirement ${index + 1}`}
                tone={tone}
                className="flex-1"
                disabled={locked}
                maxLength={TRIAL_LIMITS.requirementMaxLength}
                error={errors.requirements?.[index]?.text?.message}
                {...register(`requirements.${index}.text` as const)}
              />
              {locked ? null : (
                <Button
                  tone="ghost"
                  aria-label={`Remove requirement ${index + 1}`}
                  className="mt-7"
                  onClick={() => requirements.remove(index)}
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                </Button>
              )}
            </li>
          ))}
        </ol>
        {!locked && requirements.fields.length < TRIAL_LIMITS.requirementsMax ? (
          <Button tone="secondary" onClick={() => requirements.append({ text: '' })}>
            <Plus className="size-4" aria-hidden="true" />
            Add requirement
          </Button>
        ) : null}
        <FieldMessage
          id="trial-requirements-message"
          error={(errors.requirements as { message?: string } | undefined)?.message}
        />
      </fieldset>

      {serverError ? (
        <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-700">
          {serverError}
        </p>
      ) : null}
      {saving && progress !== undefined ? (
        <div
          role="progressbar"
          aria-label="Uploading"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(progress * 100)}
          className="h-1.5 overflow-hidden rounded-full bg-slate-100"
        >
          <div
            className="h-full bg-academy-600 transition-[width]"
            style={{ width: `${Math.round(progress * 100)}%` }}
          />
        </div>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        {actions}
        <Button type="submit" tone="academy" loading={saving}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
