import type { ReactNode } from 'react';
import { TestPaymentsBanner } from '@/components/test-payments-banner';

/** The centred card the checkout and outcome pages share: an icon tile, a title, the rest. */
export function PaymentCard({
  icon,
  tone,
  title,
  children,
}: {
  icon: ReactNode;
  tone: 'success' | 'failure' | 'pending' | 'neutral';
  title: string;
  children: ReactNode;
}) {
  const tile = {
    success: 'bg-brand-50 text-brand-700 ring-brand-100',
    failure: 'bg-red-50 text-red-600 ring-red-100',
    pending: 'bg-amber-50 text-amber-700 ring-amber-100',
    neutral: 'bg-slate-100 text-slate-600 ring-slate-200',
  }[tone];
  return (
    <div className="card mx-auto w-full max-w-lg p-6 text-center sm:p-8">
      <div
        className={`mx-auto flex size-14 items-center justify-center rounded-2xl ring-1 ${tile}`}
      >
        {icon}
      </div>
      <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
      {children}
      <TestPaymentsBanner className="mt-5" />
    </div>
  );
}

/** Label–value rows of a payment (amount, trial, reference code…). */
export function PaymentFacts({ rows }: { rows: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className="mt-5 divide-y divide-slate-100 rounded-xl bg-slate-50 px-4 text-left text-sm ring-1 ring-slate-200">
      {rows.map(([label, value]) => (
        <div key={label} className="flex items-center justify-between gap-4 py-2.5">
          <dt className="text-slate-500">{label}</dt>
          <dd className="min-w-0 truncate text-right font-medium text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
