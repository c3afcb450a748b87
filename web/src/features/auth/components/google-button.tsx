import { MESSAGES, YOUR_DATA_ERRORS } from '@touchline/shared';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { Spinner } from '@/components/ui/spinner';
import { setSession } from '@/lib/session';
import { useClientConfig } from '@/api/platform/client-config';
import { useGoogleSignIn } from '../api/google-sign-in';
import { useMessageDialog } from '../hooks/use-message-dialog';
import { useRestoreAccount } from '../api/restore-account';
import { hasCode, serverMessage } from '../lib/errors';
import { showNotice } from '@/lib/toast';
import { RestoreAccountDialog } from './restore-account-dialog';
import { loadGoogleIdentity } from '@/lib/google-identity';
import { AUTH_PATHS } from '@/config/paths';
import { Divider } from './auth-layout';

type GoogleButtonProps = {
  /** Which page hosts it: the failure dialog reads "Can't login" or "Can't signup" (spec §8). */
  context: 'login' | 'signup';
};

/** "Sign in with Google": shown only when the deployment has a Google client id. */
export function GoogleButton({ context }: GoogleButtonProps) {
  const { data: config } = useClientConfig();
  const clientId = config?.google_client_id;
  if (!clientId) return null;
  return <GoogleSignIn clientId={clientId} context={context} />;
}

function GoogleSignIn({ clientId, context }: GoogleButtonProps & { clientId: string }) {
  const container = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'offline'>('loading');
  const [, navigate] = useLocation();
  const { show, dialog } = useMessageDialog();
  const signIn = useGoogleSignIn();
  const restore = useRestoreAccount();
  /** A Google sign-in of a deleted account: its message and the credential that restores it. */
  const [pending, setPending] = useState<{ message: string; credential: string } | null>(null);

  const onCredential = useRef<(credential: string) => void>(() => {});
  useEffect(() => {
    onCredential.current = (credential) => {
      signIn.mutate(credential, {
        onSuccess: async (answer) => {
          if (answer.created) {
            await show({
              kind: 'success',
              title: 'Welcome to Touchline',
              message: `${MESSAGES.googleSignupSuccess} ${answer.username}`,
            });
          }
          setSession({
            user: answer.username,
            role: 'player',
            user_id: answer.user_id,
            dob: answer.dob,
            profile_photo: answer.profile_photo,
            access: answer.access,
            refresh: answer.refresh,
          });
          // Spec §4: home when a date of birth exists, else the welcome details screen.
          navigate(answer.dob ? '/home' : AUTH_PATHS.welcome, { replace: true });
        },
        onError: (error) => {
          if (hasCode(error, YOUR_DATA_ERRORS.pendingDeletion)) {
            restore.reset();
            setPending({ message: error.message, credential });
            return;
          }
          const message = serverMessage(error);
          void show(
            message
              ? {
                  kind: 'info',
                  title: context === 'signup' ? MESSAGES.cantSignup : MESSAGES.cantLogin,
                  message,
                }
              : { kind: 'error', title: 'Error', message: MESSAGES.googleServerError },
          );
        },
      });
    };
  });

  useEffect(() => {
    let cancelled = false;
    loadGoogleIdentity().then(
      (identity) => {
        const element = container.current;
        if (cancelled || !element) return;
        identity.initialize({
          client_id: clientId,
          callback: (response) => {
            if (response.credential) onCredential.current(response.credential);
          },
          context: context === 'signup' ? 'signup' : 'signin',
        });
        identity.renderButton(element, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          shape: 'rectangular',
          text: context === 'signup' ? 'signup_with' : 'signin_with',
          logo_alignment: 'center',
          width: Math.min(400, Math.max(200, element.clientWidth || 320)),
        });
        setStatus('ready');
      },
      () => {
        // Spec §8: without the script (no connection) this is only logged.
        console.log('no internet connection');
        if (!cancelled) setStatus('offline');
      },
    );
    return () => {
      cancelled = true;
    };
  }, [clientId, context]);

  if (status === 'offline') return null;
  return (
    <div>
      <Divider>or</Divider>
      <div className="relative">
        <div
          ref={container}
          data-testid="google-button"
          className="flex min-h-11 w-full justify-center [color-scheme:light]"
        />
        {status === 'loading' ? (
          <div
            aria-hidden="true"
            className="absolute inset-0 animate-pulse rounded-lg border border-slate-200 bg-slate-100"
          />
        ) : null}
        {signIn.isPending ? (
          <div
            role="status"
            className="absolute inset-0 flex items-center justify-center gap-2 rounded-lg bg-white/90 text-sm font-medium text-slate-700"
          >
            <Spinner />
            Signing in with Google…
          </div>
        ) : null}
      </div>
      {dialog}
      <RestoreAccountDialog
        message={pending?.message ?? null}
        busy={restore.isPending}
        error={restore.error ? (serverMessage(restore.error) ?? MESSAGES.googleServerError) : null}
        onRestore={() => {
          if (!pending) return;
          restore.mutate(
            { id_token: pending.credential },
            {
              onSuccess: (answer) => {
                const { credential } = pending;
                setPending(null);
                showNotice(answer.message, 'success');
                onCredential.current(credential);
              },
            },
          );
        }}
        onCancel={() => setPending(null)}
      />
    </div>
  );
}
