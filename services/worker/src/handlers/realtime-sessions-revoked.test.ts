import { describe, expect, it } from 'vitest';
import { createInlineBus } from '@touchline/drivers';
import { SESSIONS_CHANNEL, userChannel } from '@touchline/shared';
import { createSessionsRevokedHandler } from './realtime-sessions-revoked';

describe('realtime.sessions_revoked', () => {
  it("has every API instance forget the user's sessions and close their sockets", async () => {
    const bus = createInlineBus();
    const userId = '0190a6f2-0000-7000-8000-000000000001';
    const received: Array<[string, unknown]> = [];
    const all = new Promise<void>((resolve) => {
      const take = (channel: string) => (message: unknown) => {
        received.push([channel, message]);
        if (received.length === 2) resolve();
      };
      void bus.subscribe(SESSIONS_CHANNEL, take(SESSIONS_CHANNEL));
      void bus.subscribe(userChannel(userId), take('user'));
    });
    await createSessionsRevokedHandler({ bus })({
      id: 'job-1',
      name: 'realtime.sessions_revoked',
      data: { userId },
      attempt: 1,
    });
    await all;
    expect(received).toEqual([
      [SESSIONS_CHANNEL, { userId }],
      ['user', { kind: 'revoke' }],
    ]);
    await bus.close();
  });
});
