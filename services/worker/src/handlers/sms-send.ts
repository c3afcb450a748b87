import type { Database } from '@touchline/db';
import { findSms, markSmsSent } from '@touchline/db/reach';
import {
  SmsRefusedError,
  UnrecoverableJobError,
  type JobHandler,
  type SecretBox,
  type SmsProvider,
} from '@touchline/drivers';

/**
 * Sends one stored SMS through the provider (devbox or Termii). Idempotent: a sent SMS is not
 * sent again. An outage is retried with backoff (never lost); a refusal is final.
 */
export function createSmsSendHandler(deps: {
  db: Database;
  sms: SmsProvider;
  secretBox: SecretBox;
  clock: () => Date;
}): JobHandler<'sms.send'> {
  return async ({ data }) => {
    const row = await findSms(deps.db, data.smsId);
    if (!row) throw new UnrecoverableJobError(`sms ${data.smsId} does not exist`);
    if (row.status === 'sent') return;
    const text = deps.secretBox.open(row.sealedText);
    try {
      const { messageId } = await deps.sms.send({ smsId: row.id, to: row.to, text });
      await markSmsSent(deps.db, row.id, messageId, deps.clock());
    } catch (err) {
      if (err instanceof SmsRefusedError) throw new UnrecoverableJobError(err.message);
      throw err;
    }
  };
}
