import { zodResolver } from '@hookform/resolvers/zod';
import type { ProfileUpdate, ProfileView } from '@touchline/shared';
import { LIMITS, PROFILE_LIMITS, SPORTS, STATES } from '@touchline/shared';
import type { Resolver } from 'react-hook-form';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { FieldMessage } from '@/components/ui/field-message';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { lgaOptions, resolverWithLocations, useLocations } from '@/lib/locations';
import { showNotice } from '@/lib/toast';
import { useUpdateProfile } from '../api/update-profile';
import { capitalize } from '../lib/format';
import type { ProfileFormValues } from './edit-profile-form';
import { formValuesOf, payloadOf } from './edit-profile-form';
import { DialogForm, FormDialog, TextAreaField } from './form-dialog';
import { PositionField } from './position-field';

const schemaResolver = resolverWithLocations((data) => zodResolver(data.profileUpdateSchema));

const SIDE_OPTIONS = [
  { value: 'right', label: 'Right' },
  { value: 'left', label: 'Left' },
  { value: 'both', label: 'Both' },
];

type EditProfileDialogProps = { open: boolean; onClose: () => void; profile: ProfileView };

/** Every field of the owner's profile, checked with the shared schema before it is sent. */
export function EditProfileDialog({ open, onClose, profile }: EditProfileDialogProps) {
  return (
    <FormDialog open={open} onClose={onClose} title="Edit profile" size="max-w-2xl">
      <EditProfileForm profile={profile} onDone={onClose} />
    </FormDialog>
  );
}

function EditProfileForm({ profile, onDone }: { profile: ProfileView; onDone: () => void }) {
  const role = profile.role;
  const tone = role === 'academy' ? 'academy' : 'player';
  const update = useUpdateProfile();
  const locations = useLocations();
  const resolver: Resolver<ProfileFormValues, unknown, ProfileUpdate> = (
    values,
    context,
    options,
  ) => schemaResolver(payloadOf(values, role), context, options as never) as never;
  const form = useForm<ProfileFormValues, unknown, ProfileUpdate>({
    defaultValues: formValuesOf(profile),
    resolver,
  });
  const { register, control, setValue } = form;
  const { errors } = form.formState;
  const state = useWatch({ control, name: 'state' });
  const district = useWatch({ control, name: 'district' });
  const sports = useWatch({ control, name: 'sports' });
  const bio = useWatch({ control, name: 'bio' });
  const primarySport = SPORTS.find((sport) => sports.includes(sport));

  return (
    <DialogForm
      form={form}
      onSave={async (input) => {
        await update.mutateAsync(input);
        showNotice('Profile updated', 'success');
      }}
      onDone={onDone}
      bodyClassName="max-h-[min(68dvh,44rem)] space-y-5"
      tone={tone}
      loading={update.isPending}
      submitLabel="Save changes"
    >
      <fieldset className="space-y-4">
        <legend className="sr-only">About you</legend>
        <TextField
          label={role === 'academy' ? 'Academy name' : 'Name'}
          tone={tone}
          autoComplete="name"
          maxLength={LIMITS.nameMaxLength}
          error={errors.username?.message}
          {...register('username')}
        />
        <TextField
          label="Bio"
          tone={tone}
          placeholder="A one-line headline"
          hint={`${bio.length}/${LIMITS.bioMaxLength}`}
          error={errors.bio?.message}
          {...register('bio')}
        />
        <TextAreaField
          id="profile-about"
          label="About"
          rows={4}
          error={errors.about?.message}
          field={register('about')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="State"
            tone={tone}
            placeholder="Select a state"
            options={STATES.map((value) => ({ value, label: value }))}
            error={errors.state?.message}
            {...register('state', {
              onChange: () => setValue('district', ''),
            })}
          />
          <SelectField
            label="LGA"
            tone={tone}
            placeholder={state ? 'Select an LGA' : 'Choose a state first'}
            disabled={!state || !locations}
            options={lgaOptions(locations, state, district)}
            error={errors.district?.message}
            {...register('district')}
          />
        </div>
      </fieldset>

      <fieldset>
        <legend className="field-label">
          {role === 'academy' ? 'Available sports' : 'Sports'}{' '}
          <span className="font-normal text-slate-500">(1–{PROFILE_LIMITS.sportsMax})</span>
        </legend>
        <div className="flex flex-wrap gap-2">
          {SPORTS.map((sport) => (
            <label
              key={sport}
              className="inline-flex cursor-pointer items-center gap-2 rounded-full border border-slate-300 bg-white px-3.5 py-1.5 text-sm font-medium text-slate-700 has-checked:border-transparent has-checked:bg-slate-900 has-checked:text-white"
            >
              <input type="checkbox" value={sport} className="sr-only" {...register('sports')} />
              {capitalize(sport)}
            </label>
          ))}
        </div>
        <FieldMessage id="profile-sports-message" error={errors.sports?.message} />
        {sports.includes('other') ? (
          <TextField
            label="Specify Sport"
            tone={tone}
            className="mt-3"
            error={errors.custom_sport?.message}
            {...register('custom_sport')}
          />
        ) : null}
      </fieldset>

      {role === 'player' ? (
        <fieldset className="space-y-4">
          <legend className="sr-only">Playing details</legend>
          <label className="flex items-center gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-amber-600"
              {...register('open_to_work')}
            />
            <span>
              <span className="font-semibold text-amber-900">Open to Work</span>
              <span className="block text-amber-800">
                Academies see that you are open to trials and offers.
              </span>
            </span>
          </label>
          <Controller
            control={control}
            name="position"
            render={({ field }) => (
              <PositionField
                sport={primarySport}
                value={field.value}
                onChange={field.onChange}
                error={errors.position?.message}
                tone={tone}
              />
            )}
          />
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField
              label="Height (cm)"
              tone={tone}
              inputMode="numeric"
              error={errors.height_cm?.message}
              {...register('height_cm')}
            />
            <TextField
              label="Weight (kg)"
              tone={tone}
              inputMode="numeric"
              error={errors.weight_kg?.message}
              {...register('weight_kg')}
            />
            <SelectField
              label={primarySport === 'basketball' ? 'Preferred hand' : 'Preferred foot'}
              tone={tone}
              placeholder="Not set"
              options={SIDE_OPTIONS}
              error={errors.preferred_side?.message}
              {...register('preferred_side')}
            />
          </div>
        </fieldset>
      ) : null}

      <fieldset className="rounded-xl border border-dashed border-slate-300 p-4">
        <legend className="px-1 text-sm font-semibold text-slate-900">
          Private — only you can see this
        </legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Phone"
            tone={tone}
            type="tel"
            autoComplete="tel"
            placeholder="08012345678"
            error={errors.phone?.message}
            {...register('phone')}
          />
          {role === 'player' ? (
            <TextField
              label="Date of birth"
              tone={tone}
              type="date"
              error={errors.dob?.message}
              {...register('dob')}
            />
          ) : (
            <TextField
              label="Established on"
              tone={tone}
              type="date"
              error={errors.established_on?.message}
              {...register('established_on')}
            />
          )}
        </div>
      </fieldset>
    </DialogForm>
  );
}
