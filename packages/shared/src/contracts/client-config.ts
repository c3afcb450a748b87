import { z } from 'zod';

/** `GET /api/client-config`: what the web client needs to know about this deployment. */
export const clientConfigSchema = z.object({
  google_client_id: z.string().nullable(),
  dev_mailbox: z.boolean(),
  /**
   * The sandbox takes the payments: no money moves, and every checkout, trial page, receipt and
   * admin total says so (`TEST_PAYMENTS_NOTICE`).
   */
  test_payments: z.boolean(),
  /**
   * The only host whose `https:` checkout page the client sends a payer to (the provider's);
   * null with the sandbox, whose checkout is our own `/sandbox/checkout/…` page.
   */
  checkout_host: z.string().nullable(),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;

/** What every screen showing sandbox money says (issue 25, decision 38). */
export const TEST_PAYMENTS_NOTICE = 'Test payments — no money moves';
