import { CheckCircle2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useClientConfig } from '@/api/platform/client-config';
import { loadGoogleIdentity } from '@/lib/google-identity';

/**
 * A fresh 'Sign in with Google' inside the deletion dialog (accounts without a password): the ID
 * token it hands over proves the owner; the server accepts one issued in the last few minutes.
 */
export function GoogleConfirm({ onCredential }: { onCredential: (idToken: string) => void }) {
  const { data: config } = useClientConfig();
  const container = useRef<HTMLDivElement>(null);
  const callback = useRef(onCredential);
  const [state, setState] = useState<'loading' | 'ready' | 'confirmed' | 'unavailable'>('loading');
  const clientId = config?.google_client_id ?? null;

  useEffect(() => {
    callback.current = onCredential;
  }, [onCredential]);

  useEffect(() => {
    if (!clientId) return;
    let cancelled = false;
    loadGoogleIdentity().then(
      (identity) => {
        const element = container.current;
        if (cancelled || !element) return;
        identity.initialize({
          client_id: clientId,
          context: 'use',
          callback: (response) => {
            if (!response.credential) return;
            setState('confirmed');
            callback.current(response.credential);
          },
        });
        identity.renderButton(element, { type: 'standard', theme: 'outline', size: 'large' });
        setState('ready');
      },
      () => {
        if (!cancelled) setState('unavailable');
      },
    );
    return () => {
      cancelled = true;
    };
  }, [clientId]);

  if (config && !clientId)
    return <p className="text-sm text-red-700">Google sign-in is not available right now.</p>;
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-700">Confirm it is you: sign in with Google again.</p>
      <div ref={container} data-testid="google-confirm" className="flex min-h-11 justify-center" />
      {state === 'confirmed' ? (
        <p role="status" className="flex items-center gap-1.5 text-sm text-emerald-700">
          <CheckCircle2 className="size-4" aria-hidden="true" />
          Google sign-in confirmed
        </p>
      ) : null}
      {state === 'unavailable' ? (
        <p role="alert" className="text-sm text-red-700">
          Google sign-in could not load. Check your connection and try again.
        </p>
      ) : null}
    </div>
  );
}
