import { describe, expect, it } from 'vitest';
import type { StoredServerEvent } from '@touchline/shared';
import { createPublisher } from './publisher';

const event = (seq: number): StoredServerEvent => ({
  type: 'notification_count',
  seq,
  data: { unread: seq },
});

describe('the publisher', () => {
  it('sends each user’s events in sequence order, retrying a failed send', async () => {
    const sent: string[] = [];
    let failures = 2;
    const publisher = createPublisher({
      retryDelayMs: 1,
      send: async (userId, e) => {
        if (userId === 'a' && e.seq === 2 && failures-- > 0) throw new Error('bus down');
        sent.push(`${userId}:${e.seq}`);
      },
    });
    await publisher.publish([
      { userId: 'a', event: event(2) },
      { userId: 'b', event: event(7) },
      { userId: 'a', event: event(1) },
      { userId: 'a', event: event(3) },
    ]);
    expect(sent.filter((s) => s.startsWith('a:'))).toEqual(['a:1', 'a:2', 'a:3']);
    expect(sent).toContain('b:7');
  });

  it('gives up quietly after its tries: the event is stored and caught up later', async () => {
    const warned: object[] = [];
    let tries = 0;
    const publisher = createPublisher({
      attempts: 3,
      retryDelayMs: 1,
      logger: { warn: (obj) => warned.push(obj) },
      send: async () => {
        tries += 1;
        throw new Error('bus down');
      },
    });
    await expect(publisher.publish([{ userId: 'a', event: event(1) }])).resolves.toBeUndefined();
    expect(tries).toBe(3);
    expect(warned).toMatchObject([{ userId: 'a', seq: 1 }]);
  });

  it('has the badges of the users whose unread count changes forgotten before their events go out', async () => {
    const steps: string[] = [];
    const publisher = createPublisher({
      send: async (userId, e) => {
        steps.push(`send ${userId}:${e.type}`);
      },
      unreadChanged: async (userIds) => {
        steps.push(`forget ${[...userIds].sort().join(',')}`);
      },
    });
    const system: StoredServerEvent = { type: 'system', seq: 9, data: { text: 'Hello' } };
    await publisher.publish([
      { userId: 'a', event: event(1) },
      { userId: 'b', event: system },
      { userId: 'c', event: event(4) },
    ]);
    expect(steps[0]).toBe('forget a,c');
    expect(steps.slice(1).sort()).toEqual([
      'send a:notification_count',
      'send b:system',
      'send c:notification_count',
    ]);

    steps.length = 0;
    await publisher.publish([{ userId: 'b', event: system }]);
    expect(steps).toEqual(['send b:system']);
  });

  it('still sends the events when the badges could not be forgotten', async () => {
    const sent: string[] = [];
    const warned: object[] = [];
    const publisher = createPublisher({
      logger: { warn: (obj) => warned.push(obj) },
      send: async (userId) => {
        sent.push(userId);
      },
      unreadChanged: async () => {
        throw new Error('bus down');
      },
    });
    await publisher.publish([{ userId: 'a', event: event(1) }]);
    expect(sent).toEqual(['a']);
    expect(warned).toMatchObject([{ users: 1 }]);
  });
});
