import { zodResolver } from '@hookform/resolvers/zod';
import { academyStep1Schema } from '@touchline/shared';
import { useEffect } from 'react';
import { useController, useForm, useWatch } from 'react-hook-form';
import { TextField } from '@/components/ui/text-field';
import { preloadLocations, resolverWithLocations } from '@/lib/locations';
import { useAcademySignup } from '../api/signup';
import { useSignupFlow } from '../hooks/use-signup-flow';
import { latestEstablishedDate } from '../lib/dates';
import { licenceProblem } from '../lib/licence';
import { withExtraChecks } from '../lib/with-extra-checks';
import { LicenceField } from './licence-field';
import { SignupSteps } from './signup-steps';
import { SportChoices } from './sport-choices';

const STEP_LABELS = ['Academy details', 'Location, sports and licence'] as const;
const STEP1_FIELDS = ['username', 'email', 'established_on', 'password'] as const;
const STEP2_FIELDS = ['state', 'district', 'sports', 'customSport', 'licence'] as const;

type Licence = { licence: File | null };

const placeResolver = resolverWithLocations((data) => zodResolver(data.academyStep2Schema));

/**
 * Academy signup (supplement §1): the player form's two steps with an established date instead of
 * a birth date, one or more sports, and a licence document checked here before it is sent. The
 * states/LGA table step 2 needs starts loading while step 1 is filled in.
 */
export function AcademySignupForm() {
  const signup = useAcademySignup();
  useEffect(preloadLocations, []);

  const details = useForm({
    resolver: zodResolver(academyStep1Schema),
    defaultValues: { username: '', email: '', established_on: '', password: '' },
  });
  const place = useForm({
    resolver: withExtraChecks<Licence>()(placeResolver, (values) => ({
      licence: licenceProblem(values.licence) ?? undefined,
    })),
    defaultValues: {
      state: '',
      district: '',
      sports: [],
      customSport: '',
      licence: null,
    },
  });
  const state = useWatch({ control: place.control, name: 'state' });
  const sports = useWatch({ control: place.control, name: 'sports' });
  const licence = useController({ control: place.control, name: 'licence' });
  const flow = useSignupFlow('academy', {
    schema: academyStep1Schema,
    details,
    detailsFields: STEP1_FIELDS,
    place,
    placeFields: STEP2_FIELDS,
  });

  const submit = place.handleSubmit(async (where) => {
    // The resolver has already refused a missing licence; this only narrows its type.
    const file = place.getValues('licence');
    if (!file) return;
    await flow.send((who) => signup.mutateAsync({ ...who, ...where, licence: file }));
  });

  const placeErrors = place.formState.errors;

  return (
    <>
      <SignupSteps
        tone="academy"
        {...flow.steps}
        labels={STEP_LABELS}
        details={details}
        name={{ label: 'Academy name', autoComplete: 'organization' }}
        date={{ name: 'established_on', label: 'Established date', max: latestEstablishedDate() }}
        place={place}
        state={state}
        onSubmit={submit}
        submitting={signup.isPending}
      >
        <SportChoices
          field={place.register('sports')}
          selected={sports}
          error={placeErrors.sports?.message}
        />
        {sports.includes('other') ? (
          <TextField
            label="Specify Sport"
            placeholder="e.g. Volleyball"
            tone="academy"
            error={placeErrors.customSport?.message}
            {...place.register('customSport')}
          />
        ) : null}
        <LicenceField
          file={licence.field.value}
          onChange={(file) => {
            licence.field.onChange(file);
            void place.trigger('licence');
          }}
          onBlur={licence.field.onBlur}
          error={placeErrors.licence?.message}
        />
      </SignupSteps>
      {flow.dialog}
    </>
  );
}
