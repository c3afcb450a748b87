import { useQueryClient } from '@tanstack/react-query';
import type { ConsentRequestView } from '@touchline/shared';
import { GUARDIAN_LIMITS, GUARDIAN_MESSAGES } from '@touchline/shared';
import type { FormEvent } from 'react';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { LoadingPlaceholder } from '@/components/loading-placeholder';
import { Button } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-field';
import { serverFieldErrors, serverMessage } from '../lib/errors';
import { session, setSession } from '@/lib/session';
import { signOut } from '@/lib/sign-out';
import {
  guardianLogin,
  guardianSignup,
  resendGuardianCode,
  useConsentRequest,
  useDecideConsent,
  verifyGuardianEmail,
} from '../api/guardians';
import { GuardianShell } from './guardian-shell';

const FALLBACK = 'Something went wrong. Please try again.';

/**
 * `/guardian/consent/{token}` (supplement §14): the plain-words notice with its version; the
 * guardian signs in (or creates a guardian account, verified by an e-mailed code), states their
 * relationship and gives or declines consent. A used, expired or unknown link shows the server's
 * message.
 */
export function ConsentFlow({ token }: { token: string }) {
  const request = useConsentRequest(token);
  const { role } = useSnapshot(session);
  const [outcome, setOutcome] = useState<{ decision: 'give' | 'decline'; message: string } | null>(
    null,
  );

  if (request.isPending) return <LoadingPlaceholder />;
  if (request.isError) {
    return (
      <GuardianShell>
        <section className="card p-6" aria-labelledby="consent-problem">
          <h1 id="consent-problem" className="text-xl font-bold text-slate-900">
            This consent link cannot be used
          </h1>
          <p className="mt-3 text-slate-700" role="alert">
            {serverMessage(request.error) ?? FALLBACK}
          </p>
        </section>
      </GuardianShell>
    );
  }
  const view = request.data;
  if (outcome) return <Outcome {...outcome} />;

  return (
    <GuardianShell>
      <Notice view={view} />
      <section className="card mt-6 p-6" aria-labelledby="consent-answer">
        <h2 id="consent-answer" className="text-lg font-bold text-slate-900">
          Your answer
        </h2>
        {role === 'guardian' ? (
          <Decision token={token} view={view} onDone={setOutcome} />
        ) : role ? (
          <WrongAccount />
        ) : (
          <GuardianAccess token={token} view={view} />
        )}
      </section>
    </GuardianShell>
  );
}

function Notice({ view }: { view: ConsentRequestView }) {
  const child = view.child.username;
  return (
    <article className="card p-6" aria-labelledby="consent-title">
      <p className="text-sm font-semibold text-brand-700">
        {child}
        {view.child.age !== null ? `, ${view.child.age}` : ''} asked for your consent
      </p>
      <h1 id="consent-title" className="mt-1 text-2xl font-bold text-slate-900">
        {view.notice.title}
      </h1>
      <div className="mt-4 space-y-3 text-slate-700">
        {view.notice.paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
      <p className="mt-4 text-sm text-slate-600">Notice version {view.notice.version}</p>
    </article>
  );
}

function WrongAccount() {
  const queryClient = useQueryClient();
  return (
    <div className="mt-3 space-y-4">
      <p className="text-slate-700" role="alert">
        {GUARDIAN_MESSAGES.guardianOnly}
      </p>
      <Button tone="secondary" onClick={() => signOut(queryClient)}>
        Log out
      </Button>
    </div>
  );
}

/** Sign in with a guardian account, or create one (then the e-mailed code), then sign in. */
function GuardianAccess({ token, view }: { token: string; view: ConsentRequestView }) {
  const [mode, setMode] = useState<'signin' | 'signup' | 'code'>('signup');
  const [name, setName] = useState('');
  const [email, setEmail] = useState(view.guardian_email);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setMessage(null);
    setErrors({});
    try {
      await work();
    } catch (error) {
      setErrors(serverFieldErrors(error));
      setMessage(serverMessage(error) ?? FALLBACK);
    } finally {
      setBusy(false);
    }
  };

  const signIn = async () => setSession(await guardianLogin(email.trim().toLowerCase(), password));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mode === 'signin') {
      void run(signIn);
    } else if (mode === 'signup') {
      void run(async () => {
        await guardianSignup({ token, username: name, email, password });
        setMode('code');
      });
    } else {
      void run(async () => {
        await verifyGuardianEmail(email.trim().toLowerCase(), code.trim());
        await signIn();
      });
    }
  };

  const tabs = (
    <div className="mt-3 flex gap-2" role="group" aria-label="Guardian account">
      <Button
        tone={mode === 'signup' ? 'player' : 'secondary'}
        aria-pressed={mode === 'signup'}
        onClick={() => setMode('signup')}
      >
        Create a guardian account
      </Button>
      <Button
        tone={mode === 'signin' ? 'player' : 'secondary'}
        aria-pressed={mode === 'signin'}
        onClick={() => setMode('signin')}
      >
        I have a guardian account
      </Button>
    </div>
  );

  return (
    <form onSubmit={submit} noValidate className="mt-2 space-y-4" aria-label="Guardian account">
      {mode === 'code' ? null : tabs}
      {mode === 'signup' ? (
        <TextField
          label="Your name"
          autoComplete="name"
          value={name}
          error={errors.username}
          onChange={(event) => setName(event.target.value)}
        />
      ) : null}
      {mode === 'code' ? (
        <>
          <p className="text-slate-700">
            We e-mailed a 6-digit code to {email}. Enter it to verify your guardian account.
          </p>
          <TextField
            label="Verification code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            error={errors.otp}
            onChange={(event) => setCode(event.target.value)}
          />
        </>
      ) : (
        <>
          <TextField
            label="Email"
            type="email"
            autoComplete="username"
            value={email}
            error={errors.email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <PasswordField
            label="Password"
            autoComplete={mode === 'signup' ? 'new-password' : 'current-password'}
            value={password}
            error={errors.password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </>
      )}
      {message ? (
        <p className="text-sm font-medium text-red-700" role="alert">
          {message}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" loading={busy}>
          {mode === 'signin'
            ? 'Log in'
            : mode === 'signup'
              ? 'Create account'
              : 'Verify and continue'}
        </Button>
        {mode === 'code' ? (
          <Button
            tone="secondary"
            disabled={busy}
            onClick={() =>
              void run(async () => {
                const answer = await resendGuardianCode(email.trim().toLowerCase());
                setMessage(answer.message);
              })
            }
          >
            Send a new code
          </Button>
        ) : null}
      </div>
    </form>
  );
}

function Decision({
  token,
  view,
  onDone,
}: {
  token: string;
  view: ConsentRequestView;
  onDone: (outcome: { decision: 'give' | 'decline'; message: string }) => void;
}) {
  const decide = useDecideConsent(token);
  const [relationship, setRelationship] = useState('');
  const [error, setError] = useState<string | null>(null);

  const answer = async (decision: 'give' | 'decline') => {
    setError(null);
    if (!relationship.trim()) {
      setError(GUARDIAN_MESSAGES.relationshipRequired);
      return;
    }
    try {
      const result = await decide.mutateAsync({ decision, relationship: relationship.trim() });
      onDone({ decision, message: result.message });
    } catch (failure) {
      setError(serverMessage(failure) ?? FALLBACK);
    }
  };

  return (
    <div className="mt-3 space-y-4">
      <p className="text-slate-700">
        Signed in as a guardian. Do you consent to {view.child.username} using Touchline?
      </p>
      <TextField
        label={`Your relationship to ${view.child.username}`}
        hint="For example: mother, father, aunt, legal guardian"
        maxLength={GUARDIAN_LIMITS.relationshipMaxLength}
        value={relationship}
        error={error ?? undefined}
        onChange={(event) => setRelationship(event.target.value)}
      />
      <div className="flex flex-wrap gap-3">
        <Button loading={decide.isPending} onClick={() => void answer('give')}>
          Give consent
        </Button>
        <Button tone="secondary" disabled={decide.isPending} onClick={() => void answer('decline')}>
          Decline
        </Button>
      </div>
    </div>
  );
}

function Outcome({ decision, message }: { decision: 'give' | 'decline'; message: string }) {
  return (
    <GuardianShell>
      <section className="card p-6" aria-labelledby="consent-outcome">
        <h1 id="consent-outcome" className="text-2xl font-bold text-slate-900">
          {decision === 'give' ? 'Consent given' : 'Consent declined'}
        </h1>
        <p className="mt-3 text-slate-700" role="status">
          {message}
        </p>
        <Link href="/guardian/home" className="btn btn-player mt-6 inline-flex">
          Go to your guardian page
        </Link>
      </section>
    </GuardianShell>
  );
}
