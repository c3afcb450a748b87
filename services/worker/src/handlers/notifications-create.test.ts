import { afterEach, describe, expect, it } from 'vitest';
import { createTestUser } from '@touchline/db/testing';
import { insertBlock, insertRequest, lastUserSeq, listNotifications } from '@touchline/db';
import { createJobHandlers } from '.';
import { createWorkerEnv } from '../testing/worker-env';

type Env = Awaited<ReturnType<typeof createWorkerEnv>>;

describe('notifications.create', () => {
  let env: Env;
  afterEach(async () => env?.close());

  async function setup() {
    env = await createWorkerEnv();
    const drivers = await env.newDrivers();
    const handlers = createJobHandlers({ ...drivers, db: env.db, clock: () => new Date() });
    const actor = await createTestUser(env.db, { username: 'Chidi Okafor' });
    const recipient = await createTestUser(env.db, { username: 'Dayo' });
    const run = (eventId: string) =>
      handlers['notifications.create']({
        id: `notifications.create:${eventId}`,
        name: 'notifications.create',
        attempt: 1,
        data: { eventId, event: 'friend.requested', actorId: actor.id, recipientId: recipient.id },
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

  it('stays silent when the recipient blocked the actor meanwhile', async () => {
    const { actor, recipient, run } = await setup();
    await insertRequest(env.db, actor.id, recipient.id);
    await insertBlock(env.db, recipient.id, actor.id);
    await run('42');
    expect(await listNotifications(env.db, recipient.id, 10)).toHaveLength(0);
  });
});
