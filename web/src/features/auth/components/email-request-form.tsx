import { zodResolver } from '@hookform/resolvers/zod';
import { emailOnlySchema } from '@touchline/shared';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import type { AuthTone } from '../lib/tone';

type EmailRequestFormProps = {
  onSubmit: (email: string) => Promise<void> | void;
  submitLabel: string;
  defaultEmail?: string;
  pending?: boolean;
  tone?: AuthTone;
};

/** One e-mail field and a button: the first step of the code screens. */
export function EmailRequestForm({
  onSubmit,
  submitLabel,
  defaultEmail = '',
  pending = false,
  tone = 'player',
}: EmailRequestFormProps) {
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(emailOnlySchema),
    defaultValues: { email: defaultEmail },
  });
  return (
    <form
      onSubmit={handleSubmit(({ email }) => onSubmit(email))}
      noValidate
      className="space-y-5"
      aria-label={submitLabel}
    >
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        tone={tone}
        error={formState.errors.email?.message}
        {...register('email')}
      />
      <Button type="submit" tone={tone} loading={pending} fullWidth>
        {submitLabel}
      </Button>
    </form>
  );
}
