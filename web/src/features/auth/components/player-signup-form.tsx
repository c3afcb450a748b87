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
import { SPORT_OPTIONS } from '../lib/options';
import { SignupSteps } from './signup-steps';

const STEP_LABELS = ['Your details', 'Location and sport'] as const;
const STEP1_FIELDS = ['username', 'email', 'dob', 'password'] as const;
const STEP2_FIELDS = ['state', 'district', 'sport', 'customSport'] as const;
const placeResolver = resolverWithLocations((data) => zodResolver(data.signupStep2Schema));

/**
 * Player signup in two steps (spec §2, §5): name, e-mail, date of birth and password; then state,
 * LGA and sport. Next moves on only when step 1 validates; Back keeps every value. The states/LGA
 * table step 2 needs starts loading while step 1 is filled in.
 */
export function PlayerSignupForm() {
  const signup = usePlayerSignup();
  useEffect(preloadLocations, []);
  const details = useForm({
    resolver: zodResolver(signupStep1Schema),
    defaultValues: { username: '', email: '', dob: '', password: '' },
  });
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
    flow.send((who) => signup.mutateAsync({ ...who, ...where })),
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
