import { userChannel, type BusMessage } from '@touchline/shared';
import type { BusDriver, JobHandler } from '@touchline/drivers';

/** Closes every open socket of the user on every API instance. */
export function createSessionsRevokedHandler(deps: {
  bus: BusDriver;
}): JobHandler<'realtime.sessions_revoked'> {
  return async ({ data }) => {
    await deps.bus.publish(userChannel(data.userId), { kind: 'revoke' } satisfies BusMessage);
  };
}
