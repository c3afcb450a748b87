import { useMutation } from '@tanstack/react-query';
import type { SandboxOutcome } from '@touchline/shared';
import { sandboxOutcomeResponseSchema } from '@touchline/shared';
import { api } from '@/lib/api-client';

/**
 * `POST /api/payments/sandbox/{reference} {outcome}` — the sandbox checkout's choice; the server
 * records it, sends the signed callback to its own webhook and answers where to go next
 * (`/payment_success?reference=…` or `/payment_failed?reference=…`).
 */
export function chooseSandboxOutcome(reference: string, outcome: SandboxOutcome) {
  return api.post(
    `payments/sandbox/${encodeURIComponent(reference)}`,
    { outcome },
    sandboxOutcomeResponseSchema,
  );
}

export function useSandboxOutcome(reference: string) {
  return useMutation({
    mutationFn: (outcome: SandboxOutcome) => chooseSandboxOutcome(reference, outcome),
  });
}
