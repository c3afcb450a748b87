import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES, academyStep1Schema, academyStep2Schema } from '@touchline/shared';
import { useState } from 'react';
import { useController, useForm, useWatch } from 'react-hook-form';
import { useLocation } from 'wouter';
import { Button } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/password-field';
import { TextField } from '../../../components/ui/text-field';
import { setAuthStatus } from '../../../lib/session';
import { useAcademySignup } from '../api/signup';
import { useMessageDialog } from '../hooks/use-message-dialog';
import { applyServerErrors } from '../lib/apply-server-errors';
import { latestEstablishedDate } from '../lib/dates';
import { serverMessage } from '../lib/errors';
import { licenceProblem } from '../lib/licence';
import { grantOtpAccess } from '../lib/otp-access';
import { otpPathFor } from '../lib/paths';
import { withExtraChecks } from '../lib/with-extra-checks';
import { LicenceField } from './licence-field';
import { LocationFields } from './location-fields';
import { PASSWORD_HINT } from './password-hint';
import { SportChoices } from './sport-choices';
import { StepIndicator } from './step-indicator';

const STEP_LABELS = ['Academy details', 'Location, sports and licence'] as const;
const STEP1_FIELDS = ['username', 'email', 'established_on', 'password'] as const;
const STEP2_FIELDS = ['state', 'district', 'sports', 'customSport', 'licence'] as const;

type Licence = { licence: File | null };

/**
 * Academy signup (supplement §1): the player form's two steps with an established date instead of
 * a birth date, one or more sports, and a licence document checked here before it is sent.
 */
export function AcademySignupForm() {
  const [step, setStep] = useState<1 | 2>(1);
  const [, navigate] = useLocation();
  const { show, dialog } = useMessageDialog('academy');
  const signup = useAcademySignup();

  const details = useForm({
    resolver: zodResolver(academyStep1Schema),
    defaultValues: { username: '', email: '', established_on: '', password: '' },
  });
  const place = useForm({
    resolver: withExtraChecks<Licence>()(zodResolver(academyStep2Schema), (values) => ({
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

  const next = details.handleSubmit(() => setStep(2));

  const submit = place.handleSubmit(async (where) => {
    const parsed = academyStep1Schema.safeParse(details.getValues());
    const file = place.getValues('licence');
    if (!parsed.success) {
      setStep(1);
      await details.trigger();
      return;
    }
    if (!file) return;
    const who = parsed.data;
    setAuthStatus({ loading: true, error: null, message: null });
    try {
      const answer = await signup.mutateAsync({ ...who, ...where, licence: file });
      setAuthStatus({ loading: false, message: answer.message });
      await show({
        kind: 'success',
        title: MESSAGES.registrationSuccessful,
        message: MESSAGES.checkEmail,
      });
      grantOtpAccess();
      navigate(otpPathFor(who.email, true));
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
      <StepIndicator step={step} labels={STEP_LABELS} tone="academy" />
      {step === 1 ? (
        <form onSubmit={next} noValidate className="space-y-5" aria-label="Academy details">
          <TextField
            label="Academy name"
            autoComplete="organization"
            tone="academy"
            error={detailsErrors.username?.message}
            {...details.register('username')}
          />
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            inputMode="email"
            tone="academy"
            error={detailsErrors.email?.message}
            {...details.register('email')}
          />
          <TextField
            label="Established date"
            type="date"
            max={latestEstablishedDate()}
            tone="academy"
            error={detailsErrors.established_on?.message}
            {...details.register('established_on')}
          />
          <PasswordField
            label="Password"
            autoComplete="new-password"
            tone="academy"
            hint={PASSWORD_HINT}
            error={detailsErrors.password?.message}
            {...details.register('password')}
          />
          <Button type="submit" tone="academy" fullWidth>
            Next
          </Button>
        </form>
      ) : (
        <form
          onSubmit={submit}
          noValidate
          className="space-y-5"
          aria-label="Location, sports and licence"
        >
          <LocationFields
            tone="academy"
            state={state}
            stateField={place.register('state', {
              onChange: () => place.setValue('district', ''),
            })}
            districtField={place.register('district')}
            stateError={placeErrors.state?.message}
            districtError={placeErrors.district?.message}
          />
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
          <div className="flex gap-3 pt-1">
            <Button tone="secondary" onClick={() => setStep(1)} className="flex-1">
              Back
            </Button>
            <Button type="submit" tone="academy" loading={signup.isPending} className="flex-[2]">
              Submit
            </Button>
          </div>
        </form>
      )}
      {dialog}
    </>
  );
}
