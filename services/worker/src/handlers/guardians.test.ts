import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertMessage, openThread } from '@touchline/db/chat';
import { linkGuardian, listConsentLedger } from '@touchline/db/guardians';
import { listNotifications } from '@touchline/db/notifications';
import { createTestUser } from '@touchline/db/testing';
import { findUserById } from '@touchline/db/users';
import { GUARDIAN_NOTICES, SESSIONS_CHANNEL, todayInLagos, yearsBefore } from '@touchline/shared';
import { createHandlerEnv } from '../testing/handler-env';
import { emailsTo } from '../testing/trial-fixtures';
import { renderEmail } from './email-templates';

type HandlerEnv = Awaited<ReturnType<typeof createHandlerEnv>>;

let h: HandlerEnv;
beforeAll(async () => {
  h = await createHandlerEnv();
}, 120_000);
afterAll(async () => {
  await h?.env.close();
});

const today = () => todayInLagos(new Date());
const child = (age: number, values: Record<string, unknown> = {}) =>
  createTestUser(h.env.db, {
    dob: yearsBefore(today(), age),
    consentStatus: 'given',
    ...values,
  });
const guardian = () => createTestUser(h.env.db, { role: 'guardian' });
const academy = () =>
  createTestUser(h.env.db, {
    role: 'academy',
    academyStatus: 'verified',
    username: 'Ikeja Stars FC',
  });
const link = (childId: string, guardianId: string) =>
  linkGuardian(h.env.db, { childId, guardianId, relationship: 'Mother', at: new Date() });

async function message(fromId: string, toId: string, text: string) {
  const thread = await h.env.db.transaction((tx) => openThread(tx, fromId, toId));
  const { message: m } = await h.env.db.transaction((tx) =>
    insertMessage(tx, { threadId: thread.id, senderId: fromId, text }),
  );
  return m;
}

let events = 0;
const contact = (messageId: string) => {
  const eventId = `contact-${++events}`;
  return h.run('notifications.guardian_contact', eventId, { eventId, messageId });
};

describe('notifications.guardian_contact (contact in the open)', () => {
  it('tells each linked guardian once per conversation, in-app and by e-mail', async () => {
    const kid = await child(13);
    const [mum, dad] = [await guardian(), await guardian()];
    await link(kid.id, mum.id);
    await link(kid.id, dad.id);
    const club = await academy();

    const first = await message(club.id, kid.id, 'Hello, we saw your video');
    await contact(first.id);
    const second = await message(club.id, kid.id, 'Can you come on Saturday?');
    await contact(second.id);

    for (const g of [mum, dad]) {
      const rows = await listNotifications(h.env.db, g.id, 10);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        kind: 'system',
        text: GUARDIAN_NOTICES.contact(club.username, kid.username),
        link: '/guardian/home',
        actorId: club.id,
      });
      expect((await emailsTo(h.env.db, g.email)).map((e) => e.template)).toEqual([
        'guardian.contact',
      ]);
    }
    // The child is told as a chat receiver, not by this job.
    expect(await listNotifications(h.env.db, kid.id, 10)).toHaveLength(0);
  });

  it("tells nobody about a child's own message, an adult's, or a player's", async () => {
    const kid = await child(12);
    const mum = await guardian();
    await link(kid.id, mum.id);
    const club = await academy();
    await contact((await message(kid.id, club.id, 'Hello coach')).id);
    const grown = await child(19, { consentStatus: 'not_needed' });
    await contact((await message(club.id, grown.id, 'Hello')).id);
    const friend = await child(12);
    await contact((await message(friend.id, kid.id, 'Hi')).id);
    expect(await listNotifications(h.env.db, mum.id, 10)).toHaveLength(0);
  });

  it('renders the e-mail with the academy and the child named', () => {
    const mail = renderEmail('guardian.contact', {
      childName: 'Tunde',
      academyName: 'Ikeja Stars FC',
      link: 'https://touchline.example/guardian/home',
    });
    expect(mail.subject).toBe('Ikeja Stars FC has messaged Tunde on Touchline');
    expect(mail.text).toContain('https://touchline.example/guardian/home');
  });
});

describe('guardians.end_at_18', () => {
  it('ends the links of a player who turned 18, tells both, keeps the ledger', async () => {
    const grown = await child(18, { messaging: 'nobody' });
    const younger = await child(17);
    const mum = await guardian();
    await link(grown.id, mum.id);
    await link(younger.id, mum.id);
    const ledgerBefore = await listConsentLedger(h.env.db, {
      childId: grown.id,
      limit: 10,
      offset: 0,
    });

    await h.run('guardians.end_at_18', 'run-1', {});
    await h.run('guardians.end_at_18', 'run-2', {});

    const after = await findUserById(h.env.db, grown.id);
    expect(after).toMatchObject({
      consentStatus: 'not_needed',
      messaging: 'friends_and_academies',
    });
    expect((await findUserById(h.env.db, younger.id))?.consentStatus).toBe('given');
    const mine = await listNotifications(h.env.db, grown.id, 10);
    expect(mine.map((r) => r.text)).toEqual([GUARDIAN_NOTICES.linkEndedChild]);
    const theirs = await listNotifications(h.env.db, mum.id, 10);
    expect(theirs.map((r) => r.text)).toEqual([GUARDIAN_NOTICES.linkEndedGuardian(grown.username)]);
    expect((await emailsTo(h.env.db, mum.email)).map((e) => e.template)).toEqual([
      'guardian.link_ended',
    ]);
    expect(await listConsentLedger(h.env.db, { childId: grown.id, limit: 10, offset: 0 })).toEqual(
      ledgerBefore,
    );

    // The grown-up is no child of the guardian any more; the 17-year-old still is.
    const club = await academy();
    await contact((await message(club.id, grown.id, 'Hello')).id);
    await contact((await message(club.id, younger.id, 'Hello')).id);
    expect((await listNotifications(h.env.db, mum.id, 10)).map((r) => r.text)).toContain(
      GUARDIAN_NOTICES.contact(club.username, younger.username),
    );
    expect((await listNotifications(h.env.db, mum.id, 10)).map((r) => r.text)).not.toContain(
      GUARDIAN_NOTICES.contact(club.username, grown.username),
    );
  });

  it('an 18-year-old still awaiting consent no longer needs it, on every API instance at once', async () => {
    const waiting = await child(18, { consentStatus: 'awaiting_consent' });
    const forgotten: unknown[] = [];
    const stop = await h.drivers.bus.subscribe(SESSIONS_CHANNEL, (message) => {
      forgotten.push(message);
    });
    try {
      await h.run('guardians.end_at_18', 'run-3', {});
      expect((await findUserById(h.env.db, waiting.id))?.consentStatus).toBe('not_needed');
      // The API instances forget the sessions they hold with the old consent state.
      await vi.waitFor(() => expect(forgotten).toContainEqual({ userId: waiting.id }), {
        timeout: 30_000,
      });
    } finally {
      await stop();
    }
  });
});
