import { BellRing } from 'lucide-react';
import { useEffect, useState } from 'react';
import { REACH_TEXTS } from '@touchline/shared';
import { Button } from '@/components/ui/button';
import { pushState, turnOffPush, turnOnPush, type PushState } from '@/lib/push';
import { closePushOffer } from '@/lib/push-offer';

const STATE_TEXT: Record<PushState, string> = {
  unsupported: REACH_TEXTS.pushUnsupported,
  blocked: REACH_TEXTS.pushBlocked,
  off: 'Notifications are off for this device',
  on: REACH_TEXTS.pushOn,
};

/** This device's push: its state, and 'Turn on notifications' / 'Turn off' from a tap. */
export function DevicePushPanel() {
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void pushState().then((s) => live && setState(s));
    return () => {
      live = false;
    };
  }, []);

  const toggle = async () => {
    setBusy(true);
    setAnswer(null);
    try {
      if (state === 'on') {
        await turnOffPush();
      } else {
        const result = await turnOnPush();
        if (!result.ok) setAnswer(result.message);
        else closePushOffer();
      }
      setState(await pushState());
    } catch {
      setAnswer('Something went wrong. Try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section
      aria-labelledby="device-push-title"
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-900/5 sm:p-6"
    >
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-emerald-50 text-emerald-700">
          <BellRing className="size-5" aria-hidden="true" />
        </span>
        <div className="flex-1 space-y-2">
          <h2 id="device-push-title" className="text-lg font-semibold text-slate-900">
            This device
          </h2>
          <p className="text-sm text-slate-700" role="status">
            {state ? STATE_TEXT[state] : ' '}
          </p>
          {answer ? <p className="text-sm font-medium text-red-800">{answer}</p> : null}
          {state === 'on' || state === 'off' ? (
            <Button
              tone={state === 'on' ? 'secondary' : 'player'}
              loading={busy}
              onClick={() => void toggle()}
            >
              {state === 'on' ? 'Turn off notifications' : REACH_TEXTS.turnOnOffer}
            </Button>
          ) : null}
        </div>
      </div>
    </section>
  );
}
