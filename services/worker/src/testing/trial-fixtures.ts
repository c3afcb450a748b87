import { and, eq } from 'drizzle-orm';
import { schema, type Database } from '@touchline/db';
import { createTestUser, seed } from '@touchline/db/testing';
import {
  createTrial,
  lockRegistration,
  setRegistrationOutcome,
  type NewTrial,
  type PaymentProviderName,
} from '@touchline/db/trials';
import { markPaymentSucceeded } from '@touchline/db/payments';

/**
 * Trials, registrations and payments written through the db repositories, as the API's
 * transactions leave them (the worker only reacts to them). Dates are fixed: "today" in Lagos is
 * TODAY, the trial is on TRIAL_DATE at 09:00 (08:00 UTC).
 */
export const TODAY = '2026-06-01';
export const NOW = new Date('2026-06-01T10:00:00Z');
export const TRIAL_DATE = '2026-06-20';

export function createTestAcademy(db: Database, username = 'Lagos FC') {
  return createTestUser(db, {
    username,
    role: 'academy',
    academyStatus: 'verified',
    emailVerifiedAt: NOW,
    sports: ['football'],
  });
}

export function createTestPlayer(db: Database, username?: string) {
  return createTestUser(db, {
    ...(username ? { username } : {}),
    role: 'player',
    dob: '2008-03-10',
    emailVerifiedAt: NOW,
  });
}

export async function createTestTrial(
  db: Database,
  academyId: string,
  overrides: Partial<NewTrial> = {},
) {
  const { id } = await db.transaction((tx) =>
    createTrial(tx, {
      academyId,
      name: 'Lagos Under-19 Open Trial',
      sport: 'football',
      sportOther: null,
      state: 'Lagos',
      district: 'Ikeja',
      venue: 'Teslim Balogun Stadium',
      landmark: '',
      trialDate: TRIAL_DATE,
      startTime: '09:00',
      deadline: '2026-06-15',
      minAge: null,
      maxAge: null,
      participantLimit: null,
      feeKobo: 0,
      imageMediaId: null,
      description: 'Bring boots.',
      requirements: [],
      ...overrides,
    }),
  );
  return id;
}

/**
 * Registers the player as the API's registration leaves it (free: `registered`; paid:
 * `pending_payment` with its payment row, held 30 minutes from `now`).
 */
export async function registerTestPlayer(
  db: Database,
  trialId: string,
  playerId: string,
  overrides: { name?: string; email?: string; now?: Date; provider?: PaymentProviderName } = {},
) {
  const { registrations } = await seed(
    db,
    {
      registrations: {
        it: {
          trial: { id: trialId },
          player: { id: playerId },
          name: overrides.name ?? 'Ada Obi',
          email: overrides.email ?? `ada-${playerId.slice(-8)}@example.test`,
        },
      },
    },
    { now: overrides.now ?? NOW, provider: overrides.provider },
  );
  return registrations.it;
}

/** The provider proved the payment (as a verified webhook does). */
export async function payTestRegistration(
  db: Database,
  payment: { reference: string; amountKobo: number; currency: string },
  now = NOW,
) {
  const outcome = await db.transaction((tx) => markPaymentSucceeded(tx, { ...payment, now }));
  if (outcome.outcome !== 'confirmed') throw new Error(`payment not confirmed: ${outcome.outcome}`);
  return outcome;
}

/** The owning academy's outcome, written as the API writes one it decided. */
export async function setTestOutcome(
  db: Database,
  input: { registrationId: string; academyId: string; status: 'selected' | 'rejected' },
) {
  await db.transaction(async (tx) => {
    const locked = await lockRegistration(tx, input.registrationId);
    if (locked?.trial.academyId !== input.academyId)
      throw new Error('setTestOutcome: not a registration of this academy');
    await setRegistrationOutcome(tx, { ...input, at: NOW });
  });
}

/** The e-mails queued for an address (newest last): template and status. */
export function emailsTo(db: Database, to: string) {
  return db
    .select({ id: schema.emails.id, template: schema.emails.template })
    .from(schema.emails)
    .where(eq(schema.emails.to, to))
    .orderBy(schema.emails.createdAt);
}

/** The development mailbox's copy of an e-mail. */
export async function delivered(db: Database, emailId: string) {
  const [row] = await db
    .select()
    .from(schema.devMailbox)
    .where(and(eq(schema.devMailbox.emailId, emailId)));
  return row ?? null;
}

/** The outbox events of a type written so far (payloads). */
export async function outboxEvents(db: Database, type: string) {
  const rows = await db
    .select({ payload: schema.outbox.payload })
    .from(schema.outbox)
    .where(eq(schema.outbox.type, type));
  return rows.map((r) => r.payload as Record<string, unknown>);
}
