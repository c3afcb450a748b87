import { MESSAGES } from '@touchline/shared';
import { type FormEvent, useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useLocation } from 'wouter';
import { applyServerErrors } from '../lib/apply-server-errors';
import { serverMessage } from '../lib/errors';
import { grantOtpAccess } from '../lib/otp-access';
import { otpPathFor } from '@/config/paths';
import { useMessageDialog } from './use-message-dialog';

type SignupTone = 'player' | 'academy';

/** The parts of one step's react-hook-form form the flow uses. */
type StepForm<T extends FieldValues> = Pick<UseFormReturn<T>, 'getValues' | 'trigger' | 'setError'>;

type SignupForms<Who extends { email: string }, D extends FieldValues, P extends FieldValues> = {
  /** Step 1's schema: its parsed values are what gets sent. */
  schema: { safeParse: (value: unknown) => { success: true; data: Who } | { success: false } };
  details: StepForm<D> & {
    handleSubmit: (onValid: () => void) => (event: FormEvent<HTMLFormElement>) => Promise<void>;
  };
  /** Step 1's fields, which may get the server's messages. */
  detailsFields: readonly Path<D>[];
  place: StepForm<P>;
  placeFields: readonly Path<P>[];
};

/**
 * The two-step signup of players and academies (spec §2, §5; supplement §1): which step shows,
 * and what happens when the last step is sent — success dialog, then the code page; or the
 * server's message in a dialog, its field messages under the fields (step 1 shows again when one
 * of them belongs there). Whether the request is on its way is the signup mutation's own state.
 */
export function useSignupFlow<
  Who extends { email: string },
  D extends FieldValues,
  P extends FieldValues,
>(tone: SignupTone, forms: SignupForms<Who, D, P>) {
  const [step, setStep] = useState<1 | 2>(1);
  const [, navigate] = useLocation();
  const { show, dialog } = useMessageDialog(tone);

  /** Step 1 is validated again: its values are what gets sent. Invalid, it shows again. */
  async function checkStepOne(): Promise<Who | null> {
    const parsed = forms.schema.safeParse(forms.details.getValues());
    if (parsed.success) return parsed.data;
    setStep(1);
    await forms.details.trigger();
    return null;
  }

  /** Sends the signup (`request`, the mutation) with step 1's values. */
  async function send(request: (who: Who) => Promise<unknown>) {
    const who = await checkStepOne();
    if (!who) return;
    try {
      await request(who);
      await show({
        kind: 'success',
        title: MESSAGES.registrationSuccessful,
        message: MESSAGES.checkEmail,
      });
      grantOtpAccess();
      navigate(otpPathFor(who.email, tone === 'academy'));
    } catch (error) {
      const message = serverMessage(error) ?? MESSAGES.somethingWentWrong;
      applyServerErrors(error, forms.placeFields, forms.place.setError);
      if (applyServerErrors(error, forms.detailsFields, forms.details.setError)) setStep(1);
      await show({ kind: 'error', title: 'Error', message });
    }
  }

  /** `SignupSteps`' step and its Next (only when step 1 validates) and Back (values kept). */
  const steps = {
    step,
    onNext: forms.details.handleSubmit(() => setStep(2)),
    onBack: () => setStep(1),
  };

  return { steps, send, dialog };
}
