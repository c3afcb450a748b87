import {
  SESSIONS_CHANNEL,
  userChannel,
  type BusMessage,
  type SessionInvalidation,
} from '@touchline/shared';
import type { BusDriver, JobHandler } from '@touchline/drivers';

/**
 * Closes every open socket of the user on every API instance, and has every instance forget the
 * user's cached sessions. The API did both already before answering the request that revoked
 * them; this is the durable repeat (the outbox) for an instance that missed it.
 */
export function createSessionsRevokedHandler(deps: {
  bus: BusDriver;
}): JobHandler<'realtime.sessions_revoked'> {
  return async ({ data }) => {
    await deps.bus.publish(SESSIONS_CHANNEL, {
      userId: data.userId,
    } satisfies SessionInvalidation);
    await deps.bus.publish(userChannel(data.userId), { kind: 'revoke' } satisfies BusMessage);
  };
}
