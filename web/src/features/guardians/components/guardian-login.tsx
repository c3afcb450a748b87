import type { FormEvent } from 'react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-field';
import { serverMessage } from '../lib/errors';
import { setSession } from '@/lib/session';
import { guardianLogin } from '../api/guardians';
import { GuardianShell } from './guardian-shell';

/** `/guardian/login`: a guardian signs in (`is_guardian: true`) and lands on /guardian/home. */
export function GuardianLogin() {
  const [, navigate] = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    try {
      setSession(await guardianLogin(email.trim().toLowerCase(), password));
      navigate('/guardian/home', { replace: true });
    } catch (error) {
      setMessage(serverMessage(error) ?? 'Something went wrong. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <GuardianShell>
      <section className="card p-6" aria-labelledby="guardian-login">
        <h1 id="guardian-login" className="text-2xl font-bold text-slate-900">
          Guardian login
        </h1>
        <p className="mt-1 text-slate-600">Follow your child’s account on Touchline.</p>
        <form
          onSubmit={(event) => void submit(event)}
          noValidate
          className="mt-5 space-y-4"
          aria-label="Log in"
        >
          <TextField
            label="Email"
            type="email"
            autoComplete="username"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <PasswordField
            label="Password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          {message ? (
            <p className="text-sm font-medium text-red-700" role="alert">
              {message}
            </p>
          ) : null}
          <Button type="submit" loading={busy} fullWidth>
            Log in
          </Button>
        </form>
      </section>
    </GuardianShell>
  );
}
