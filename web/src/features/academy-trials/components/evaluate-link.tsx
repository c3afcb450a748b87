import { ClipboardCheck } from 'lucide-react';
import type { Registrant } from '@touchline/shared';
import { Link } from 'wouter';

/**
 * The registrant's evaluation form (scores, notes, measurements; decision 51), for a registrant
 * holding a place (the server decides the rest: the trial's day, `mayEvaluate`).
 */
export function EvaluateLink({ registrant }: { registrant: Registrant }) {
  if (!['registered', 'selected', 'rejected'].includes(registrant.status)) return null;
  return (
    <Link
      href={`/academy/evaluation/${registrant.id}`}
      aria-label={`Evaluate ${registrant.name}`}
      className="mt-2 flex items-center gap-1 text-sm font-medium text-academy-700 hover:underline"
    >
      <ClipboardCheck className="size-4" aria-hidden="true" /> Evaluate
    </Link>
  );
}
