import { zodResolver } from '@hookform/resolvers/zod';
import { signupStep1Schema } from '@touchline/shared';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { preloadLocations, resolverWithLocations } from '@/lib/locations';
import { usePlayerSignup } from '../api/signup';
import { useSignupFlow } from '../hooks/use-signup-flow';
import { latestBirthDate } from '../lib/dates';
import {
  type GuardianInput,
  NO_GUARDIAN,
  guardianProblems,
  guardianToSend,
  needsGuardian,
} from '../lib/guardian';
import { withExtraChecks } from '../lib/with-extra-checks';
import { GuardianFields } from './guardian-fields';
import { SPORT_OPTIONS } from '../lib/options';
import { SignupSteps } from './signup-steps';

const STEP_LABELS = ['Your details', 'Location and sport'] as const;
const STEP1_FIELDS = [
  'username',
  'email',
  'dob',
  'password',
  'guardian_email',
  'guardian_phone',
] as const;
const detailsResolver = withExtraChecks<GuardianInput>()(
  zodResolver(signupStep1Schema),
  guardianProblems,
);
const STEP2_FIELDS = ['state', 'district', 'sport', 'customSport'] as const;
const placeResolver = resolverWithLocations((data) => zodResolver(data.signupStep2Schema));

/**
 * Player signup in two steps (spec §2, §5): name, e-mail, date of birth and password; then state,
 * LGA and sport. An under-18 player also gives a parent's or guardian's e-mail (supplement §14).
 * Next moves on only when step 1 validates; Back keeps every value. The states/LGA
 * table step 2 needs starts loading while step 1 is filled in.
 */
export function PlayerSignupForm() {
  const signup = usePlayerSignup();
  useEffect(preloadLocations, []);
  const details = useForm({
    resolver: detailsResolver,
    defaultValues: { username: '', email: '', dob: '', password: '', ...NO_GUARDIAN },
  });
  const dob = useWatch({ control: details.control, name: 'dob' });
  const place = useForm({
    resolver: placeResolver,
    defaultValues: { state: '', district: '', sport: '', customSport: '' },
  });
  const state = useWatch({ control: place.control, name: 'state' });
  const sport = useWatch({ control: place.control, name: 'sport' });
  const flow = useSignupFlow('player', {
    schema: signupStep1Schema,
    details,
    detailsFields: STEP1_FIELDS,
    place,
    placeFields: STEP2_FIELDS,
  });

  const submit = place.handleSubmit((where) =>
    flow.send((who) =>
      signup.mutateAsync({ ...who, ...where, ...guardianToSend(details.getValues()) }),
    ),
  );

  const placeErrors = place.formState.errors;

  return (
    <>
      <SignupSteps
        tone="player"
        {...flow.steps}
        labels={STEP_LABELS}
        details={details}
        name={{ label: 'Name', autoComplete: 'name' }}
        date={{
          name: 'dob',
          label: 'Date of birth',
          max: latestBirthDate(),
          autoComplete: 'bday',
          hint: 'You must be at least 7 years old. Under 18? Ask a parent or guardian to help.',
        }}
        afterDate={
          needsGuardian(dob) ? (
            <GuardianFields register={details.register} errors={details.formState.errors} />
          ) : null
        }
        place={place}
        state={state}
        onSubmit={submit}
        submitting={signup.isPending}
      >
        <SelectField
          label="Interested sport"
          placeholder="Select a sport"
          options={SPORT_OPTIONS}
          error={placeErrors.sport?.message}
          {...place.register('sport')}
        />
        {sport === 'other' ? (
          <TextField
            label="Specify Sport"
            placeholder="e.g. Volleyball"
            error={placeErrors.customSport?.message}
            {...place.register('customSport')}
          />
        ) : null}
      </SignupSteps>
      {flow.dialog}
    </>
  );
}
