import type { FormEventHandler, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-field';
import { LocationFields } from './location-fields';
import { PASSWORD_HINT } from './password-hint';
import { StepIndicator } from './step-indicator';

type SignupTone = 'player' | 'academy';
type FieldErrors<N extends string> = Partial<Record<N, { message?: string }>>;

/** The parts of a react-hook-form form the steps read; `D` names its date field. */
type DetailsForm<D extends string> = {
  register: (name: 'username' | 'email' | 'password' | D) => UseFormRegisterReturn;
  formState: { errors: FieldErrors<'username' | 'email' | 'password' | D> };
};

type PlaceForm = {
  register: (
    name: 'state' | 'district',
    options?: { onChange?: () => void },
  ) => UseFormRegisterReturn;
  setValue: (name: 'district', value: string) => void;
  formState: { errors: FieldErrors<'state' | 'district'> };
};

type SignupStepsProps<D extends string> = {
  tone: SignupTone;
  step: 1 | 2;
  /** The names of the two steps; each also labels its form. */
  labels: readonly [string, string];
  details: DetailsForm<D>;
  name: { label: string; autoComplete: string };
  date: { name: D; label: string; max: string; autoComplete?: string; hint?: string };
  place: PlaceForm;
  /** The chosen state (watched), which fills the LGA list. */
  state: string;
  onNext: FormEventHandler<HTMLFormElement>;
  onBack: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitting: boolean;
  /** Step 2's fields after the location: sports, licence… */
  children: ReactNode;
  /** Step 1's fields after the date (an under-18 player's guardian). */
  afterDate?: ReactNode;
};

/**
 * The two steps of a signup (spec §2, §5; supplement §1): name, e-mail, a date and a password;
 * then state and LGA followed by the caller's fields. Back keeps every value.
 */
export function SignupSteps<D extends string>({
  tone,
  step,
  labels,
  details,
  name,
  date: { name: dateName, ...date },
  place,
  state,
  onNext,
  onBack,
  onSubmit,
  submitting,
  children,
  afterDate,
}: SignupStepsProps<D>) {
  const detailsErrors = details.formState.errors;
  const placeErrors = place.formState.errors;
  return (
    <>
      <StepIndicator step={step} labels={labels} tone={tone} />
      {step === 1 ? (
        <form onSubmit={onNext} noValidate className="space-y-5" aria-label={labels[0]}>
          <TextField
            {...name}
            tone={tone}
            error={detailsErrors.username?.message}
            {...details.register('username')}
          />
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            inputMode="email"
            tone={tone}
            error={detailsErrors.email?.message}
            {...details.register('email')}
          />
          <TextField
            {...date}
            type="date"
            tone={tone}
            error={detailsErrors[dateName]?.message}
            {...details.register(dateName)}
          />
          {afterDate}
          <PasswordField
            label="Password"
            autoComplete="new-password"
            tone={tone}
            hint={PASSWORD_HINT}
            error={detailsErrors.password?.message}
            {...details.register('password')}
          />
          <Button type="submit" tone={tone} fullWidth>
            Next
          </Button>
        </form>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label={labels[1]}>
          <LocationFields
            tone={tone}
            state={state}
            stateField={place.register('state', {
              onChange: () => place.setValue('district', ''),
            })}
            districtField={place.register('district')}
            stateError={placeErrors.state?.message}
            districtError={placeErrors.district?.message}
          />
          {children}
          <div className="flex gap-3 pt-1">
            <Button tone="secondary" onClick={onBack} className="flex-1">
              Back
            </Button>
            <Button type="submit" tone={tone} loading={submitting} className="flex-[2]">
              Submit
            </Button>
          </div>
        </form>
      )}
    </>
  );
}
