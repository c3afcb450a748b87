import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES, signupStep1Schema, signupStep2Schema } from '@touchline/shared';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useLocation } from 'wouter';
import { Button } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/password-field';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { setAuthStatus } from '../../../lib/session';
import { usePlayerSignup } from '../api/signup';
import { useMessageDialog } from '../hooks/use-message-dialog';
import { applyServerErrors } from '../lib/apply-server-errors';
import { latestBirthDate } from '../lib/dates';
import { serverMessage } from '../lib/errors';
import { SPORT_OPTIONS } from '../lib/options';
import { grantOtpAccess } from '../lib/otp-access';
import { otpPathFor } from '../lib/paths';
import { LocationFields } from './location-fields';
import { PASSWORD_HINT } from './password-hint';
import { StepIndicator } from './step-indicator';

const STEP_LABELS = ['Your details', 'Location and sport'] as const;
const STEP1_FIELDS = ['username', 'email', 'dob', 'password'] as const;
const STEP2_FIELDS = ['state', 'district', 'sport', 'customSport'] as const;

/**
 * Player signup in two steps (spec §2, §5): name, e-mail, date of birth and password; then state,
 * LGA and sport. Next moves on only when step 1 validates; Back keeps every value.
 */
export function PlayerSignupForm() {
  const [step, setStep] = useState<1 | 2>(1);
  const [, navigate] = useLocation();
  const { show, dialog } = useMessageDialog('player');
  const signup = usePlayerSignup();

  const details = useForm({
    resolver: zodResolver(signupStep1Schema),
    defaultValues: { username: '', email: '', dob: '', password: '' },
  });
  const place = useForm({
    resolver: zodResolver(signupStep2Schema),
    defaultValues: { state: '', district: '', sport: '', customSport: '' },
  });
  const state = useWatch({ control: place.control, name: 'state' });
  const sport = useWatch({ control: place.control, name: 'sport' });

  const next = details.handleSubmit(() => setStep(2));

  const submit = place.handleSubmit(async (where) => {
    // Step 1 is validated again: its values are what gets sent.
    const parsed = signupStep1Schema.safeParse(details.getValues());
    if (!parsed.success) {
      setStep(1);
      await details.trigger();
      return;
    }
    const who = parsed.data;
    setAuthStatus({ loading: true, error: null, message: null });
    try {
      const answer = await signup.mutateAsync({ ...who, ...where });
      setAuthStatus({ loading: false, message: answer.message });
      await show({
        kind: 'success',
        title: MESSAGES.registrationSuccessful,
        message: MESSAGES.checkEmail,
      });
      grantOtpAccess();
      navigate(otpPathFor(who.email, false));
    } catch (error) {
      const message = serverMessage(error) ?? MESSAGES.somethingWentWrong;
      setAuthStatus({ loading: false, error: message });
      applyServerErrors(error, STEP2_FIELDS, place.setError);
      if (applyServerErrors(error, STEP1_FIELDS, details.setError)) setStep(1);
      await show({ kind: 'error', title: 'Error', message });
    }
  });

  const detailsErrors = details.formState.errors;
  const placeErrors = place.formState.errors;

  return (
    <>
      <StepIndicator step={step} labels={STEP_LABELS} />
      {step === 1 ? (
        <form onSubmit={next} noValidate className="space-y-5" aria-label="Your details">
          <TextField
            label="Name"
            autoComplete="name"
            error={detailsErrors.username?.message}
            {...details.register('username')}
          />
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            inputMode="email"
            error={detailsErrors.email?.message}
            {...details.register('email')}
          />
          <TextField
            label="Date of birth"
            type="date"
            max={latestBirthDate()}
            autoComplete="bday"
            hint="You must be at least 7 years old. Under 18? Ask a parent or guardian to help."
            error={detailsErrors.dob?.message}
            {...details.register('dob')}
          />
          <PasswordField
            label="Password"
            autoComplete="new-password"
            hint={PASSWORD_HINT}
            error={detailsErrors.password?.message}
            {...details.register('password')}
          />
          <Button type="submit" fullWidth>
            Next
          </Button>
        </form>
      ) : (
        <form onSubmit={submit} noValidate className="space-y-5" aria-label="Location and sport">
          <LocationFields
            state={state}
            stateField={place.register('state', {
              onChange: () => place.setValue('district', ''),
            })}
            districtField={place.register('district')}
            stateError={placeErrors.state?.message}
            districtError={placeErrors.district?.message}
          />
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
          <div className="flex gap-3 pt-1">
            <Button tone="secondary" onClick={() => setStep(1)} className="flex-1">
              Back
            </Button>
            <Button type="submit" loading={signup.isPending} className="flex-[2]">
              Submit
            </Button>
          </div>
        </form>
      )}
      {dialog}
    </>
  );
}
