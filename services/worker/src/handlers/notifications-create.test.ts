import { afterEach, describe, expect, it } from 'vitest';
import { createTestUser } from '@touchline/db/testing';
import { listNotifications } from '@touchline/db/notifications';
import { lastUserSeq, listUserEventsSince } from '@touchline/db/user-events';
import { deleteRequest, insertBlock, insertFriendship, insertRequest } from '@touchline/db/social';
import { createHandlerEnv } from '../testing/handler-env';
import type { createWorkerEnv } from '../testing/worker-env';

type Env = Awaited<ReturnType<typeof createWorkerEnv>>;

describe('notifications.create', () => {
  let env: Env;
  afterEach(async () => env?.close());

  let handlerEnv: Awaited<ReturnType<typeof createHandlerEnv>>;

  async function setup() {
    handlerEnv = await createHandlerEnv();
    env = handlerEnv.env;
    const actor = await createTestUser(env.db, { username: 'Chidi Okafor' });
    const recipient = await createTestUser(env.db, { username: 'Dayo' });
    const run = (eventId: string) =>
      handlerEnv.run('notifications.create', eventId, {
        eventId,
        event: 'friend.requested',
        actorId: actor.id,
        recipientId: recipient.id,
      });
    return { actor, recipient, run };
  }

  it('stores one notification per source event and numbers it in the recipient’s stream, even when run twice', async () => {
    const { actor, recipient, run } = await setup();
    await insertRequest(env.db, actor.id, recipient.id);
    await run('41');
    await run('41');
    const rows = await listNotifications(env.db, recipient.id, 10);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      text: 'Chidi Okafor sent you a friend request',
      link: `/profile/${actor.id}`,
    });
    expect(await lastUserSeq(env.db, recipient.id)).toBe(1);
  });

  it('writes a notice in one statement: stored, numbered, with the unread count after it', async () => {
    const { actor, recipient } = await setup();
    const follow = (eventId: string) =>
      handlerEnv.run('notifications.create', eventId, {
        eventId,
        event: 'follow.created',
        actorId: actor.id,
        recipientId: recipient.id,
      });
    await follow('51');
    const { statements } = await env.database.recordQueries(() => follow('52'));
    const texts = statements.map((s) => String((s as { sql?: string }).sql ?? s).trim());
    // The parties (one read), then one write: the notice, its number and its unread count.
    expect(texts.filter((t) => /^(insert|update)|\binsert into\b/i.test(t))).toHaveLength(1);
    expect(texts.filter((t) => !/^(begin|commit)/i.test(t))).toHaveLength(2);
    const events = await listUserEventsSince(env.db, recipient.id, 0, 10);
    expect(events.map((e) => [e.seq, (e.data as { unread: number }).unread])).toEqual([
      [1, 1],
      [2, 2],
    ]);
    const [newest] = await listNotifications(env.db, recipient.id, 1);
    expect(events[1]!.data).toEqual({
      id: newest!.id,
      kind: 'follow',
      text: newest!.text,
      link: `/profile/${actor.id}`,
      actor_id: actor.id,
      created_at: newest!.createdAt.toISOString(),
      unread: 2,
    });
  });

  it('stays silent when the recipient blocked the actor meanwhile', async () => {
    const { actor, recipient, run } = await setup();
    await insertRequest(env.db, actor.id, recipient.id);
    await insertBlock(env.db, recipient.id, actor.id);
    await run('42');
    expect(await listNotifications(env.db, recipient.id, 10)).toHaveLength(0);
  });

  it('a request accepted before the worker ran still notifies both sides, in either order', async () => {
    const { actor, recipient, run } = await setup();
    await insertRequest(env.db, actor.id, recipient.id);
    // The recipient accepts (as the social service does) before any job has run.
    await deleteRequest(env.db, actor.id, recipient.id);
    await insertFriendship(env.db, actor.id, recipient.id);
    const accepted = (eventId: string) =>
      handlerEnv.run('notifications.create', eventId, {
        eventId,
        event: 'friend.accepted',
        actorId: recipient.id,
        recipientId: actor.id,
      });
    await accepted('44'); // the accept's job may even run first
    await run('43');
    const received = await listNotifications(env.db, recipient.id, 10);
    expect(received.map((n) => [n.kind, n.text, n.readAt])).toEqual([
      ['friend_request', 'Chidi Okafor sent you a friend request', null],
    ]);
    const sent = await listNotifications(env.db, actor.id, 10);
    expect(sent.map((n) => [n.kind, n.text])).toEqual([
      ['friend_accepted', 'Dayo accepted your friend request'],
    ]);
  });

  it('a request withdrawn before the worker ran leaves nothing', async () => {
    const { actor, recipient, run } = await setup();
    await insertRequest(env.db, actor.id, recipient.id);
    await deleteRequest(env.db, actor.id, recipient.id);
    await run('45');
    expect(await listNotifications(env.db, recipient.id, 10)).toHaveLength(0);
  });
});
