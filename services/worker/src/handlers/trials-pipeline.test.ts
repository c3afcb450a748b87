import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listNotifications } from '@touchline/db/notifications';
import { schema } from '@touchline/db';
import { appendEvent } from '@touchline/db/outbox';
import { getEmail } from '@touchline/db/emails';
import { listUserEventsSince } from '@touchline/db/user-events';
import { eq } from 'drizzle-orm';
import { markPaymentSucceeded } from '@touchline/db/payments';
import { waitFor } from '@touchline/drivers/testing';
import { createOutboxRelay } from '../relay';
import { createHandlerEnv } from '../testing/handler-env';
import { silentLogger } from '../testing/worker-env';
import {
  NOW,
  createTestAcademy,
  createTestPlayer,
  createTestTrial,
  delivered,
  emailsTo,
  registerTestPlayer,
} from '../testing/trial-fixtures';

type HandlerEnv = Awaited<ReturnType<typeof createHandlerEnv>>;

let h: HandlerEnv;
beforeAll(async () => {
  h = await createHandlerEnv(() => NOW);
  await h.drivers.queue.process(h.handlers);
}, 120_000);
afterAll(async () => {
  await h?.drivers.close();
  await h?.env.close();
});

describe('trials through the event pipeline', () => {
  it('registration → the academy is told; payment → the player is told and receives the receipt', async () => {
    const relay = createOutboxRelay({ db: h.env.db, queue: h.drivers.queue, logger: silentLogger });
    const academy = await createTestAcademy(h.env.db, 'Pipeline FC');
    const player = await createTestPlayer(h.env.db);
    const trialId = await createTestTrial(h.env.db, academy.id, {
      name: 'Pipeline Trial',
      feeKobo: 1_250_000,
    });

    // As the API's registration transaction leaves it: the rows, and its event.
    const registered = await registerTestPlayer(h.env.db, trialId, player.id, {
      name: 'Bola Ade',
      email: player.email,
    });
    await appendEvent(h.env.db, {
      type: 'registration.created',
      payload: { registrationId: registered.registration.id, trialId },
    });
    await relay.drain();
    await waitFor(
      async () => (await listNotifications(h.env.db, academy.id, 5)).length === 1,
      'the academy notification',
      30_000,
    );
    expect((await listNotifications(h.env.db, academy.id, 5))[0]).toMatchObject({
      text: 'Bola Ade registered for Pipeline Trial',
      link: `/academy/trial_details/${trialId}`,
    });

    // The provider proved the payment (webhook path): the confirmation event.
    await h.env.db.transaction(async (tx) => {
      const paid = await markPaymentSucceeded(tx, {
        reference: registered.payment!.reference,
        amountKobo: 1_250_000,
        currency: 'NGN',
        now: NOW,
      });
      expect(paid).toMatchObject({ outcome: 'confirmed', confirmed: true });
      await appendEvent(tx, {
        type: 'registration.confirmed',
        payload: { registrationId: registered.registration.id },
      });
    });
    await relay.drain();
    await waitFor(
      async () => (await listNotifications(h.env.db, player.id, 5)).length === 1,
      'the player notification',
      30_000,
    );
    expect((await listNotifications(h.env.db, player.id, 5))[0]!.text).toBe(
      'Your registration for Pipeline Trial is confirmed',
    );
    // The receipt the handler queued goes out through the same pipeline (email.queued → send).
    let emailId = '';
    await waitFor(
      async () => {
        const [queued] = await emailsTo(h.env.db, player.email);
        if (!queued) return false;
        emailId = queued.id;
        await relay.drain();
        return (await getEmail(h.env.db, emailId))?.status === 'sent';
      },
      'the receipt sent',
      30_000,
    );
    const mail = await delivered(h.env.db, emailId);
    expect(mail!.subject).toBe('Payment received: you are registered for Pipeline Trial');
    expect(mail!.text).toContain(`Reference code: ${registered.registration.referenceCode}`);
    expect(mail!.text).toContain('₦12,500');
    expect(await getEmail(h.env.db, emailId)).toMatchObject({ sealedContent: null });
  });
});

describe('typed change events', () => {
  it('the academy and the player hear registration_changed, keyed by ids, for a registration and its cancellation', async () => {
    const relay = createOutboxRelay({ db: h.env.db, queue: h.drivers.queue, logger: silentLogger });
    const academy = await createTestAcademy(h.env.db, 'Changes FC');
    const player = await createTestPlayer(h.env.db);
    const trialId = await createTestTrial(h.env.db, academy.id, { name: 'Changes Trial' });
    const { registration } = await registerTestPlayer(h.env.db, trialId, player.id, {
      name: 'Chidi Eze',
      email: 'chidi.changes@example.test',
    });
    const changesOf = async (userId: string) =>
      (await listUserEventsSince(h.env.db, userId, 0, 50))
        .filter((e) => e.type === 'registration_changed')
        .map((e) => e.data);

    await appendEvent(h.env.db, {
      type: 'registration.created',
      payload: { registrationId: registration.id, trialId },
    });
    await relay.drain();
    const registered = { trial_id: trialId, registration_id: registration.id };
    for (const userId of [academy.id, player.id]) {
      await waitFor(async () => (await changesOf(userId)).length === 1, 'registered', 30_000);
      expect(await changesOf(userId)).toEqual([{ ...registered, status: registration.status }]);
    }

    // The player cancels (as the API's transaction leaves it): the change reaches both.
    await h.env.db.transaction(async (tx) => {
      await tx
        .update(schema.trialRegistrations)
        .set({ status: 'cancelled' })
        .where(eq(schema.trialRegistrations.id, registration.id));
      await appendEvent(tx, {
        type: 'registration.cancelled',
        payload: { registrationId: registration.id },
      });
    });
    await relay.drain();
    for (const userId of [academy.id, player.id]) {
      await waitFor(async () => (await changesOf(userId)).length === 2, 'cancelled', 30_000);
      expect((await changesOf(userId))[1]).toEqual({ ...registered, status: 'cancelled' });
    }
  });
});
