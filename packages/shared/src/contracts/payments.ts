import { z } from 'zod';
import { REGISTRATION_STATUSES } from './trials';

/**
 * Payments (supplement §6, §12 'Payments'): one record per attempt; money in integer kobo with its
 * currency. Only a verified webhook or verify call marks a payment succeeded.
 */

export const PAYMENT_PROVIDERS = ['sandbox', 'paystack'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_CURRENCY = 'NGN';

/** Payment references: 'tlp_' and 24 hex digits. */
export const PAYMENT_REFERENCE_PATTERN = /^tlp_[0-9a-f]{24}$/;

export const PAYMENT_MESSAGES = {
  unavailable: 'Payments are unavailable right now, please try again later',
  notFound: 'Payment not found',
  badSignature: 'Invalid signature',
  sandboxDisabled: 'The sandbox checkout is not available',
  alreadyFinal: 'This payment is already complete',
  amountMismatch: 'The amount paid does not match the fee',
  succeeded: 'Payment successful',
  failed: 'Payment failed',
  pending: 'Payment pending',
  refunded: 'Payment refunded',
} as const;

/** `GET /api/payment/{reference}` (the payer or the trial's academy). */
export const paymentSchema = z.object({
  reference: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  /** Kobo. */
  amount: z.number().int().min(0),
  currency: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  refunded_at: z.string().nullable(),
  trial: z.object({ id: z.string(), name: z.string() }),
  registration: z.object({
    id: z.string(),
    reference_code: z.string(),
    status: z.enum(REGISTRATION_STATUSES),
  }),
});
export type PaymentView = z.infer<typeof paymentSchema>;

/** The provider transaction a paid registration answers with (`payment` of `POST player_trial`). */
export const startPaymentSchema = z.object({
  reference: z.string(),
  authorization_url: z.string(),
});
export type StartPayment = z.infer<typeof startPaymentSchema>;

/** `POST /api/payments/sandbox/{reference}`: the payer's choice on the sandbox checkout page. */
export const sandboxOutcomeBodySchema = z.object({
  outcome: z.enum(['success', 'failed'], { error: 'Outcome must be success or failed' }),
});
export type SandboxOutcome = z.infer<typeof sandboxOutcomeBodySchema>['outcome'];
export const sandboxOutcomeResponseSchema = z.object({ redirect: z.string() });

/** `/payment_success?reference=` and `/payment_failed?reference=` (Paystack adds its own params). */
export const paymentReturnQuerySchema = z.object({ reference: z.string().max(100) });

/**
 * `₦12,500` (kobo are shown only when there are some: `₦12,500.50`); a negative amount (a net
 * below zero) reads `-₦500`.
 */
export function formatNaira(kobo: number): string {
  const sign = kobo < 0 ? '-' : '';
  const amount = Math.abs(kobo);
  const naira = Math.trunc(amount / 100);
  const rest = amount % 100;
  const whole = String(naira).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}₦${whole}${rest ? `.${String(rest).padStart(2, '0')}` : ''}`;
}
