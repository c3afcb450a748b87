import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES, signupStep1Schema } from '@touchline/shared';
import { useForm, useWatch } from 'react-hook-form';
import { useSnapshot } from 'valtio';
import { Redirect, useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { resolverWithLocations } from '@/lib/locations';
import { session, setSession } from '@/lib/session';
import { getAccessToken, getRefreshToken } from '@/lib/tokens';
import { useCompleteWelcome } from '../api/welcome';
import { useMessageDialog } from '../hooks/use-message-dialog';
import { applyServerErrors } from '../lib/apply-server-errors';
import { latestBirthDate } from '../lib/dates';
import {
  type GuardianInput,
  NO_GUARDIAN,
  guardianProblems,
  guardianToSend,
  needsGuardian,
} from '../lib/guardian';
import { withExtraChecks } from '../lib/with-extra-checks';
import { serverMessage } from '../lib/errors';
import { SPORT_OPTIONS } from '../lib/options';
import { GuardianFields } from './guardian-fields';
import { LocationFields } from './location-fields';

const welcomeResolver = withExtraChecks<GuardianInput>()(
  resolverWithLocations((data) =>
    zodResolver(signupStep1Schema.pick({ dob: true }).and(data.signupStep2Schema)),
  ),
  guardianProblems,
);
const FIELDS = [
  'dob',
  'guardian_email',
  'guardian_phone',
  'state',
  'district',
  'sport',
  'customSport',
] as const;

/**
 * /welcome: a player who signed up with Google gives the details the signup form would have
 * asked (date of birth, state, LGA, sport), then goes home. Under 18, they also give a parent's or
 * guardian's e-mail (supplement §14).
 */
export function WelcomeForm() {
  const { dob: knownDob } = useSnapshot(session);
  const [, navigate] = useLocation();
  const { show, dialog } = useMessageDialog('player');
  const welcome = useCompleteWelcome();
  const form = useForm({
    resolver: welcomeResolver,
    defaultValues: {
      dob: '',
      state: '',
      district: '',
      sport: '',
      customSport: '',
      ...NO_GUARDIAN,
    },
  });
  const dob = useWatch({ control: form.control, name: 'dob' });
  const state = useWatch({ control: form.control, name: 'state' });
  const sport = useWatch({ control: form.control, name: 'sport' });

  if (knownDob) return <Redirect to="/home" replace />;

  const submit = form.handleSubmit(async (values) => {
    try {
      const me = await welcome.mutateAsync({
        ...values,
        ...guardianToSend(form.getValues()),
      });
      const access = getAccessToken();
      const refresh = getRefreshToken();
      if (access && refresh) {
        setSession({ ...me, access, refresh });
      }
      navigate('/home', { replace: true });
    } catch (error) {
      if (applyServerErrors(error, FIELDS, form.setError)) return;
      await show({
        kind: 'error',
        title: 'Error',
        message: serverMessage(error) ?? MESSAGES.somethingWentWrong,
      });
    }
  });

  const errors = form.formState.errors;
  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label="Your details">
      <TextField
        label="Date of birth"
        type="date"
        max={latestBirthDate()}
        autoComplete="bday"
        hint="You must be at least 7 years old."
        error={errors.dob?.message}
        {...form.register('dob')}
      />
      {needsGuardian(dob) ? (
        <GuardianFields register={form.register} errors={form.formState.errors} />
      ) : null}
      <LocationFields
        state={state}
        stateField={form.register('state', { onChange: () => form.setValue('district', '') })}
        districtField={form.register('district')}
        stateError={errors.state?.message}
        districtError={errors.district?.message}
      />
      <SelectField
        label="Interested sport"
        placeholder="Select a sport"
        options={SPORT_OPTIONS}
        error={errors.sport?.message}
        {...form.register('sport')}
      />
      {sport === 'other' ? (
        <TextField
          label="Specify Sport"
          placeholder="e.g. Volleyball"
          error={errors.customSport?.message}
          {...form.register('customSport')}
        />
      ) : null}
      <Button type="submit" loading={welcome.isPending} fullWidth>
        Continue
      </Button>
      {dialog}
    </form>
  );
}
