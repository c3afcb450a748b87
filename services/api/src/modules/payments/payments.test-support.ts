import { eq } from 'drizzle-orm';
import { schema } from '@touchline/db';
import { expect } from 'vitest';
import type { TestApp, TestUser } from '../../testing/test-app';
import { academy, createTrial, player, register } from '../trials/trials.test-support';

export { academy, player } from '../trials/trials.test-support';

/** ₦12,500 */
export const FEE = 1_250_000;

/**
 * A verified academy's paid trial and a player's registration through the API
 * (`POST /api/player_trial`): the registration is `pending_payment` and its payment is started
 * with the configured provider.
 */
export async function paidRegistration(t: TestApp, options: { fee?: number; limit?: number } = {}) {
  const owner = await academy(t);
  const trial = await createTrial(owner, {
    registration_fee: options.fee ?? FEE,
    ...(options.limit ? { total_participant_limit: options.limit } : {}),
  });
  const payer = await player(t);
  const res = await register(payer, trial);
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json() as {
    id: string;
    status: string;
    reference_code: string;
    payment: { reference: string; authorization_url: string };
  };
  expect(body.status).toBe('pending_payment');
  return {
    owner,
    trial,
    payer,
    registrationId: body.id,
    reference: body.payment.reference,
    authorizationUrl: body.payment.authorization_url,
  };
}

/** `GET /api/payment/{reference}` as `who`. */
export const readPayment = (who: TestUser, reference: string) =>
  who.call('GET', `/api/payment/${reference}`);

/** The stored payment (for "nothing changed" checks the API cannot show without verifying). */
export async function storedPayment(t: TestApp, reference: string) {
  const [row] = await t.db
    .select()
    .from(schema.payments)
    .where(eq(schema.payments.reference, reference));
  if (!row) throw new Error(`no payment ${reference}`);
  return row;
}

export async function storedRegistration(t: TestApp, registrationId: string) {
  const [row] = await t.db
    .select()
    .from(schema.trialRegistrations)
    .where(eq(schema.trialRegistrations.id, registrationId));
  return row!;
}

/** The provider events kept for a payment. */
export async function storedEvents(t: TestApp, paymentId: string) {
  return t.db
    .select()
    .from(schema.paymentEvents)
    .where(eq(schema.paymentEvents.paymentId, paymentId));
}

/** The outbox events of a type, payloads only. */
export async function outboxOf(t: TestApp, type: string) {
  const rows = await t.db.select().from(schema.outbox).where(eq(schema.outbox.type, type));
  return rows.map((r) => r.payload as Record<string, string>);
}

/** POSTs a webhook exactly as the provider would: the raw bytes and its headers. */
export const postWebhook = (
  t: TestApp,
  provider: 'paystack' | 'sandbox',
  hook: { rawBody: Buffer; headers: Record<string, string> },
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/payments/webhook/${provider}`,
    headers: hook.headers,
    payload: hook.rawBody,
  });
