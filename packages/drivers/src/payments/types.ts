/**
 * Payment providers: one interface, two implementations (`sandbox`, the embedded default, and
 * `paystack`). Amounts are integer kobo. A provider only talks to its remote side; what a
 * payment's outcome means for the product (records, registrations) is the API's business.
 */

export type PaymentProviderKind = 'sandbox' | 'paystack';

/** What the provider says about a transaction: only `success` means the money arrived. */
export type PaymentStatus = 'success' | 'failed' | 'pending';

export type InitializeInput = {
  /** Our reference (`tlp_…`), the provider's transaction reference too. */
  reference: string;
  amountKobo: number;
  currency: string;
  /** The payer's e-mail (Paystack requires one). */
  email: string;
  /** Where the provider sends the browser back (it adds its own parameters). */
  callbackUrl: string;
};

export type VerifyResult = {
  status: PaymentStatus;
  /** What the provider actually charged, to compare with what we asked. */
  amountKobo: number;
  currency: string;
  /** The provider's answer as it came (kept with the payment's events). */
  raw: unknown;
};

export type RefundResult = { refundReference: string; raw: unknown };

/** Headers as Node and Fastify hold them (lower-case names). */
export type WebhookHeaders = Record<string, string | string[] | undefined>;

/** A webhook the provider signed, parsed. */
export type WebhookEvent = {
  /**
   * The same delivery always gives the same key (the provider's event id, or a hash of the
   * body): the API stores it unique, so a replay changes nothing.
   */
  dedupeKey: string;
  /** The provider's event name (`charge.success`, `charge.failed`, `refund.processed`, …). */
  kind: string;
  /** The transaction reference it is about, when it names one. */
  reference: string | null;
  /** The parsed body. */
  raw: unknown;
};

export interface PaymentProvider {
  readonly kind: PaymentProviderKind;
  /** The request header that carries the webhook signature. */
  readonly signatureHeader: string;
  /** Opens a transaction; the payer is sent to `authorizationUrl`. */
  initialize(input: InitializeInput): Promise<{ authorizationUrl: string }>;
  /** Asks the provider for the transaction's state (the only proof a payment succeeded). */
  verify(reference: string): Promise<VerifyResult>;
  /** Returns money of a successful transaction (all of it unless `amountKobo` says less). */
  refund(input: { reference: string; amountKobo?: number }): Promise<RefundResult>;
  /** True only when the body carries a valid signature (constant-time comparison). */
  verifyWebhook(rawBody: Buffer, headers: WebhookHeaders): boolean;
  /** Parses a verified body; throws `PaymentProviderError` when it is not a webhook. */
  parseWebhook(rawBody: Buffer): WebhookEvent;
}

/**
 * A provider call that did not give an answer we can use. `retryable`: a timeout, a network
 * error or a 5xx (try again later); otherwise the provider refused (a bad key, an unknown
 * reference, a refund of an unpaid transaction).
 */
export class PaymentProviderError extends Error {
  override name = 'PaymentProviderError';
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly httpStatus?: number,
  ) {
    super(message);
  }
}

/* ------------------------------------------------------------ sandbox's remote side */

export type SandboxOutcome = 'pending' | 'success' | 'failed';

export type SandboxCharge = {
  reference: string;
  amountKobo: number;
  currency: string;
  email: string;
  outcome: SandboxOutcome;
  refunded: boolean;
};

/**
 * Where the sandbox provider keeps its charges, i.e. what a real provider keeps on its side:
 * the `sandbox_charges` table (implemented by @touchline/db), memory in the drivers' own tests.
 */
export interface SandboxChargeStore {
  /** Records a new pending charge; a second call with the same reference changes nothing. */
  create(charge: Omit<SandboxCharge, 'outcome' | 'refunded'>): Promise<void>;
  get(reference: string): Promise<SandboxCharge | null>;
  /**
   * Decides a pending charge (the payer's choice on the checkout page). A decided charge keeps
   * its first outcome. Answers the charge as stored afterwards, null when unknown.
   */
  decide(reference: string, outcome: 'success' | 'failed'): Promise<SandboxCharge | null>;
  /** Marks a charge refunded; answers it as stored afterwards, null when unknown. */
  markRefunded(reference: string): Promise<SandboxCharge | null>;
}
