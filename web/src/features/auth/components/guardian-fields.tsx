import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from '@/components/ui/text-field';

type GuardianFieldsProps = {
  register: (name: 'guardian_email' | 'guardian_phone') => UseFormRegisterReturn;
  errors: Partial<Record<'guardian_email' | 'guardian_phone', { message?: string }>>;
};

/**
 * An under-18 player's parent or guardian (supplement §14): their e-mail (required; the consent
 * e-mail goes there) and phone (optional). Shown by the signup and /welcome forms once the date
 * of birth makes the player a minor.
 */
export function GuardianFields({ register, errors }: GuardianFieldsProps) {
  return (
    <fieldset className="space-y-4 rounded-xl border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">Your parent or guardian</legend>
      <p className="text-sm text-slate-700">
        You are under 18, so we will e-mail your parent or guardian to ask for their consent. Until
        they agree, nobody can find or message you.
      </p>
      <TextField
        label="Guardian's e-mail"
        type="email"
        autoComplete="off"
        inputMode="email"
        error={errors.guardian_email?.message}
        {...register('guardian_email')}
      />
      <TextField
        label="Guardian's phone (optional)"
        type="tel"
        autoComplete="off"
        inputMode="tel"
        placeholder="e.g. 0803 123 4567"
        error={errors.guardian_phone?.message}
        {...register('guardian_phone')}
      />
    </fieldset>
  );
}
