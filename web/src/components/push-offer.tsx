import { BellRing } from 'lucide-react';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { REACH_TEXTS } from '@touchline/shared';
import { Button } from '@/components/ui/button';
import { closePushOffer, pushOffer } from '@/lib/push-offer';

/**
 * 'Turn on notifications', offered after the first message sent or a registration
 * (`offerPushAfter`), never on first load. The browser's own prompt comes only from the tap.
 */
export function PushOffer() {
  const { open } = useSnapshot(pushOffer);
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<string | null>(null);
  if (!open) return null;

  const turnOn = async () => {
    setBusy(true);
    try {
      const { turnOnPush } = await import('@/lib/push');
      const result = await turnOnPush();
      setAnswer(result.message);
      if (result.ok) closePushOffer();
    } catch {
      setAnswer(REACH_TEXTS.pushUnsupported);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section
      aria-labelledby="push-offer-title"
      className="border-b border-emerald-200 bg-emerald-50 px-4 py-3 text-emerald-950"
    >
      <div className="mx-auto flex max-w-5xl flex-col gap-3 md:flex-row md:items-center">
        <BellRing className="hidden size-6 shrink-0 md:block" aria-hidden="true" />
        <div className="flex-1">
          <h2 id="push-offer-title" className="font-semibold">
            {REACH_TEXTS.turnOnOffer}
          </h2>
          <p className="text-sm">{REACH_TEXTS.turnOnExplain}</p>
          <p role="status" className="text-sm font-medium">
            {answer}
          </p>
        </div>
        <div className="flex gap-2">
          <Button onClick={() => void turnOn()} loading={busy}>
            {REACH_TEXTS.turnOnOffer}
          </Button>
          <Button tone="secondary" onClick={closePushOffer}>
            {REACH_TEXTS.notNow}
          </Button>
        </div>
      </div>
    </section>
  );
}
