import { Hourglass } from 'lucide-react';

/**
 * Said in place of an action a child awaiting consent cannot take yet (supplement §14): 'You can
 * post once your guardian gives consent.' The banner at the top offers 'Resend to my guardian'.
 */
export function WaitingForGuardian({
  action,
  className = '',
}: {
  action: string;
  className?: string;
}) {
  return (
    <p
      className={`flex items-center gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950 ${className}`}
    >
      <Hourglass aria-hidden="true" className="size-4 shrink-0" />
      <span>You can {action} once your guardian gives consent.</span>
    </p>
  );
}
