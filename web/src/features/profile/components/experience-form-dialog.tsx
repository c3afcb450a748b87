import { zodResolver } from '@hookform/resolvers/zod';
import type { Experience, ExperienceInput } from '@touchline/shared';
import { PROFILE_LIMITS, SPORTS, experienceCreateSchema } from '@touchline/shared';
import type { Resolver } from 'react-hook-form';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { showNotice } from '@/lib/toast';
import { useCreateExperience } from '../api/create-experience';
import { useUpdateExperience } from '../api/update-experience';
import { MONTH_OPTIONS, capitalize, yearOptions } from '../lib/format';
import { AcademyPicker } from './academy-picker';
import { DialogForm, FormDialog } from './form-dialog';
import { PositionField } from './position-field';

type Values = {
  academy_id: string;
  academy_name: string;
  sport: string;
  custom_sport: string;
  position: string;
  start_month: string;
  start_year: string;
  end_month: string;
  end_year: string;
  is_current: boolean;
};

const KNOWN: readonly string[] = SPORTS;

/** What `POST /api/user_academy` gets from the form, before the shared schema checks it. */
export function experiencePayload(values: Values): Record<string, unknown> {
  return {
    academy_id: values.academy_id || null,
    academy_name: values.academy_name,
    sport: values.sport === 'other' ? values.custom_sport : values.sport,
    position: values.position,
    start_month: values.start_month,
    start_year: values.start_year,
    end_month: values.is_current ? null : values.end_month,
    end_year: values.is_current ? null : values.end_year,
    is_current: values.is_current,
  };
}

const schemaResolver = zodResolver(experienceCreateSchema);
const resolver: Resolver<Values, unknown, ExperienceInput> = (values, context, options) =>
  schemaResolver(experiencePayload(values) as never, context, options as never) as never;

function defaultsOf(entry: Experience | null): Values {
  const known = entry ? KNOWN.includes(entry.sport) : true;
  return {
    academy_id: entry?.academy_id ?? '',
    academy_name: entry?.academy_name ?? '',
    sport: entry ? (known ? entry.sport : 'other') : 'football',
    custom_sport: entry && !known ? entry.sport : '',
    position: entry?.position ?? '',
    start_month: entry ? String(entry.start_month) : '',
    start_year: entry ? String(entry.start_year) : '',
    end_month: entry?.end_month ? String(entry.end_month) : '',
    end_year: entry?.end_year ? String(entry.end_year) : '',
    is_current: entry?.is_current ?? false,
  };
}

type ExperienceFormDialogProps = {
  open: boolean;
  onClose: () => void;
  entry?: Experience | null;
};

export function ExperienceFormDialog({ open, onClose, entry }: ExperienceFormDialogProps) {
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={entry ? 'Edit experience' : 'Add experience'}
      size="max-w-xl"
    >
      <ExperienceForm entry={entry ?? null} onDone={onClose} />
    </FormDialog>
  );
}

function ExperienceForm({ entry, onDone }: { entry: Experience | null; onDone: () => void }) {
  const create = useCreateExperience();
  const update = useUpdateExperience();
  const form = useForm<Values, unknown, ExperienceInput>({
    resolver,
    defaultValues: defaultsOf(entry),
  });
  const { register, control, setValue } = form;
  const { errors } = form.formState;
  const sport = useWatch({ control, name: 'sport' });
  const isCurrent = useWatch({ control, name: 'is_current' });
  const academyId = useWatch({ control, name: 'academy_id' });
  const years = yearOptions(PROFILE_LIMITS.earliestYear);

  const save = async (input: ExperienceInput) => {
    if (entry) await update.mutateAsync({ id: entry.id, ...input });
    else await create.mutateAsync(input);
    showNotice(entry ? 'Experience updated' : 'Experience added', 'success');
  };

  return (
    <DialogForm
      form={form}
      onSave={save}
      onDone={onDone}
      bodyClassName="max-h-[min(68dvh,44rem)] space-y-4"
      loading={create.isPending || update.isPending}
      submitLabel={entry ? 'Save changes' : 'Add experience'}
    >
      <Controller
        control={control}
        name="academy_name"
        render={({ field }) => (
          <AcademyPicker
            name={field.value}
            academyId={academyId}
            onChange={(next) => {
              field.onChange(next.academy_name);
              setValue('academy_id', next.academy_id, { shouldDirty: true });
            }}
            error={errors.academy_name?.message ?? errors.academy_id?.message}
          />
        )}
      />
      <SelectField
        label="Sport"
        options={SPORTS.map((value) => ({ value, label: capitalize(value) }))}
        error={sport === 'other' ? undefined : errors.sport?.message}
        {...register('sport', { onChange: () => setValue('position', '') })}
      />
      {sport === 'other' ? (
        <TextField
          label="Specify Sport"
          error={errors.sport?.message}
          {...register('custom_sport')}
        />
      ) : null}
      <Controller
        control={control}
        name="position"
        render={({ field }) => (
          <PositionField
            sport={sport}
            value={field.value}
            onChange={field.onChange}
            error={errors.position?.message}
          />
        )}
      />
      <fieldset>
        <legend className="field-label">Started</legend>
        <div className="grid grid-cols-2 gap-4">
          <SelectField
            label="Start month"
            placeholder="Month"
            options={MONTH_OPTIONS}
            error={errors.start_month?.message}
            {...register('start_month')}
          />
          <SelectField
            label="Start year"
            placeholder="Year"
            options={years}
            error={errors.start_year?.message}
            {...register('start_year')}
          />
        </div>
      </fieldset>
      <label className="flex items-center gap-2.5 text-sm font-medium text-slate-800">
        <input type="checkbox" className="size-4 accent-brand-600" {...register('is_current')} />
        Currently playing here
      </label>
      {isCurrent ? null : (
        <fieldset>
          <legend className="field-label">Ended</legend>
          <div className="grid grid-cols-2 gap-4">
            <SelectField
              label="End month"
              placeholder="Month"
              options={MONTH_OPTIONS}
              error={errors.end_month?.message}
              {...register('end_month')}
            />
            <SelectField
              label="End year"
              placeholder="Year"
              options={years}
              error={errors.end_year?.message}
              {...register('end_year')}
            />
          </div>
        </fieldset>
      )}
    </DialogForm>
  );
}
