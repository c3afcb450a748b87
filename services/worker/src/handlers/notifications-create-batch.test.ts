import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestUser } from '@touchline/db/testing';
import { listNotifications } from '@touchline/db/notifications';
import { listUserEventsSince } from '@touchline/db/user-events';
import { deleteRequest, insertBlock, insertRequest } from '@touchline/db/social';
import type { JobPayload } from '@touchline/shared';
import { createHandlerEnv } from '../testing/handler-env';

type Payload = JobPayload<'notifications.create'>;
type HandlerEnv = Awaited<ReturnType<typeof createHandlerEnv>>;

let h: HandlerEnv;
beforeAll(async () => {
  h = await createHandlerEnv();
}, 120_000);
afterAll(async () => h?.env.close());

let next = 0;
const follow = (actorId: string, recipientId: string): Payload => ({
  eventId: `b${(next += 1)}`,
  event: 'follow.created',
  actorId,
  recipientId,
});
/** Jobs started at the same moment, as the worker's concurrency runs them: one batch. */
const runAtOnce = (jobs: Payload[]) =>
  Promise.allSettled(jobs.map((data) => h.run('notifications.create', data.eventId, data)));
const people = (n: number, name: string) =>
  Promise.all(
    Array.from({ length: n }, (_, i) => createTestUser(h.env.db, { username: `${name} ${i}` })),
  );

/** What the recipient's tabs got: each `notification` event's seq, unread count and text. */
async function stream(userId: string) {
  const events = await listUserEventsSince(h.env.db, userId, 0, 100);
  return events.map((e) => {
    const data = e.data as { unread: number; text: string };
    return [e.seq, data.unread, data.text];
  });
}

describe('notifications.create jobs running at once', () => {
  it('are stored with one read and one write; each recipient gets exactly its notices, numbered in order with the unread count after each', async () => {
    const actors = await people(4, 'Fan');
    const recipients = await people(5, 'Star');
    // The first recipient already has one unread notice.
    await h.run('notifications.create', 'before', follow(actors[0]!.id, recipients[0]!.id));
    const jobs = recipients.flatMap((r) => actors.map((a) => follow(a.id, r.id)));
    const { result, statements } = await h.env.database.recordQueries(() => runAtOnce(jobs));
    expect(result.every((r) => r.status === 'fulfilled')).toBe(true);
    const texts = statements.map((s) => String((s as { sql?: string }).sql ?? s).trim());
    // 20 jobs: the parties of all (one read), then one transaction with one write.
    expect(texts.filter((t) => !/^(begin|commit)/i.test(t))).toHaveLength(2);
    expect(texts.filter((t) => /\binsert into\b/i.test(t))).toHaveLength(1);

    for (const [i, r] of recipients.entries()) {
      const before = i === 0 ? 1 : 0;
      const rows = await listNotifications(h.env.db, r.id, 10);
      expect(rows).toHaveLength(actors.length + before);
      expect(
        rows
          .slice(0, 4)
          .map((n) => n.actorId)
          .sort(),
      ).toEqual(actors.map((a) => a.id).sort());
      // Numbered one after the other, each with the unread count after it, in the list's order
      // (newest first there): what the recipient's tabs and the notification list both show.
      const events = await stream(r.id);
      expect(events.map(([seq, unread]) => [seq, unread])).toEqual(
        rows.map((_, k) => [k + 1, k + 1]),
      );
      expect(events.map(([, , text]) => text)).toEqual(rows.map((n) => n.text).reverse());
    }
  });

  it('store nothing for a blocked, inactive, unconsented or gone party, nor for a withdrawn request; the rest of the batch is stored', async () => {
    const [actor, blocker, inactive, child, asked, fine] = await Promise.all([
      createTestUser(h.env.db, { username: 'Actor' }),
      createTestUser(h.env.db),
      createTestUser(h.env.db, { isActive: false }),
      createTestUser(h.env.db, { consentStatus: 'awaiting_consent' }),
      createTestUser(h.env.db),
      createTestUser(h.env.db),
    ]);
    await insertBlock(h.env.db, blocker!.id, actor!.id);
    await insertRequest(h.env.db, actor!.id, asked!.id);
    await deleteRequest(h.env.db, actor!.id, asked!.id);
    const gone = '0190a0a0-0000-7000-8000-000000000000';
    const results = await runAtOnce([
      follow(actor!.id, blocker!.id),
      follow(actor!.id, inactive!.id),
      follow(actor!.id, child!.id),
      follow(gone, fine!.id),
      follow(actor!.id, gone),
      { ...follow(actor!.id, asked!.id), event: 'friend.requested' },
      follow(actor!.id, fine!.id),
    ]);
    expect(results.map((r) => r.status)).toEqual(Array(7).fill('fulfilled'));
    for (const quiet of [blocker, inactive, child, asked])
      expect(await listNotifications(h.env.db, quiet!.id, 10)).toHaveLength(0);
    expect(await stream(fine!.id)).toEqual([[1, 1, 'Actor started following you']]);
  });

  it('a job that fails fails alone, the others of its batch are stored; rerunning every job stores nothing twice', async () => {
    const actor = await createTestUser(h.env.db, { username: 'Kelechi' });
    const recipients = await people(6, 'Player');
    const faulty = recipients[2]!;
    // A recipient whose notice the database refuses (as a violated constraint would).
    await h.env.db.execute(
      sql.raw(`create function refuse_notice() returns trigger language plpgsql as $$
        begin raise exception 'refused for the test'; end $$`),
    );
    await h.env.db.execute(
      sql.raw(`create trigger refuse_notice before insert on notifications for each row
        when (new.user_id = '${faulty.id}') execute function refuse_notice()`),
    );
    const jobs = recipients.flatMap((r) => [follow(actor.id, r.id), follow(actor.id, r.id)]);
    const results = await runAtOnce(jobs);
    expect(results.map((r) => r.status)).toEqual(
      jobs.map((j) => (j.recipientId === faulty.id ? 'rejected' : 'fulfilled')),
    );
    const reason = (results[4] as PromiseRejectedResult).reason as Error;
    expect(String(reason.cause ?? reason)).toMatch(/refused for the test/);
    for (const r of recipients) {
      const expected =
        r === faulty
          ? []
          : [
              [1, 1],
              [2, 2],
            ];
      expect((await stream(r.id)).map(([seq, unread]) => [seq, unread])).toEqual(expected);
    }

    // The queue retries the failed jobs once the cause is gone; rerunning all of them (and one
    // twice in the same batch) stores only what was missing.
    await h.env.db.execute(sql.raw('drop trigger refuse_notice on notifications'));
    const rerun = await runAtOnce([...jobs, jobs[0]!]);
    expect(rerun.every((r) => r.status === 'fulfilled')).toBe(true);
    for (const r of recipients) {
      expect(await listNotifications(h.env.db, r.id, 10)).toHaveLength(2);
      expect((await stream(r.id)).map(([seq, unread]) => [seq, unread])).toEqual([
        [1, 1],
        [2, 2],
      ]);
    }
  });
});
