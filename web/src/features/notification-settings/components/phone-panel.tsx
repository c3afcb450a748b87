import { Smartphone } from 'lucide-react';
import { useState } from 'react';
import { REACH_TEXTS } from '@touchline/shared';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { serverFieldErrors, serverMessage } from '@/lib/server-errors';
import { useConfirmPhone, useStartPhoneVerification } from '../api/phone-verify';

/** A phone for SMS, verified by a 6-digit code (the e-mail code's rules). */
export function PhonePanel({ verified }: { verified: string | null }) {
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const start = useStartPhoneVerification();
  const confirm = useConfirmPhone();
  const startErrors = serverFieldErrors(start.error);
  const confirmErrors = serverFieldErrors(confirm.error);

  return (
    <section
      aria-labelledby="phone-title"
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-900/5 sm:p-6"
    >
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-emerald-50 text-emerald-700">
          <Smartphone className="size-5" aria-hidden="true" />
        </span>
        <div className="flex-1 space-y-3">
          <h2 id="phone-title" className="text-lg font-semibold text-slate-900">
            {REACH_TEXTS.phoneTitle}
          </h2>
          {verified ? (
            <p className="text-sm text-slate-700">{REACH_TEXTS.phoneVerified(verified)}</p>
          ) : null}
          <form
            className="flex flex-col gap-3 sm:flex-row sm:items-end"
            onSubmit={(event) => {
              event.preventDefault();
              confirm.reset();
              start.mutate(phone);
            }}
          >
            <TextField
              label="Phone number"
              className="flex-1"
              type="tel"
              autoComplete="tel"
              placeholder="08012345678"
              value={phone}
              onChange={(event) => setPhone(event.target.value)}
              error={
                startErrors.phone ??
                (start.isError ? (serverMessage(start.error) ?? undefined) : undefined)
              }
            />
            <Button type="submit" tone="secondary" loading={start.isPending}>
              {REACH_TEXTS.sendCode}
            </Button>
          </form>
          {start.isSuccess ? (
            <form
              className="flex flex-col gap-3 sm:flex-row sm:items-end"
              onSubmit={(event) => {
                event.preventDefault();
                confirm.mutate({ phone, code });
              }}
            >
              <TextField
                label="Code"
                className="flex-1"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={code}
                onChange={(event) => setCode(event.target.value)}
                hint={REACH_TEXTS.codeSent}
                error={
                  confirmErrors.code ??
                  (confirm.isError ? (serverMessage(confirm.error) ?? undefined) : undefined)
                }
              />
              <Button type="submit" loading={confirm.isPending}>
                {REACH_TEXTS.verify}
              </Button>
            </form>
          ) : null}
          <p role="status" className="text-sm font-medium text-emerald-800">
            {confirm.isSuccess ? REACH_TEXTS.phoneVerified(confirm.data.phone) : null}
          </p>
        </div>
      </div>
    </section>
  );
}
