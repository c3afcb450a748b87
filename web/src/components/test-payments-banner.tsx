import { FlaskConical } from 'lucide-react';
import { TEST_PAYMENTS_NOTICE } from '@touchline/shared';
import { useClientConfig } from '@/api/platform/client-config';

/**
 * 'Test payments — no money moves', wherever money is shown, while the sandbox takes the payments
 * (decision 38): checkout, trial page, receipt, admin totals. Nothing when a real provider runs.
 */
export function TestPaymentsBanner({ className = '' }: { className?: string }) {
  const { data: config } = useClientConfig();
  if (!config?.test_payments) return null;
  return (
    <p
      role="note"
      data-testid="test-payments"
      className={`flex items-center justify-center gap-2 rounded-xl bg-amber-50 px-3 py-2 text-xs font-medium text-amber-900 ring-1 ring-amber-200 ${className}`}
    >
      <FlaskConical className="size-4" aria-hidden="true" />
      {TEST_PAYMENTS_NOTICE}
    </p>
  );
}
