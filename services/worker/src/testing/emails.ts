import type { Executor } from '@touchline/db';
import { appendEvent } from '@touchline/db/outbox';
import { createEmail } from '@touchline/db/emails';
import type { SecretBox } from '@touchline/drivers';

/**
 * Queues a verification-code e-mail the way the API's codes service does: the row with its sealed
 * parameters and the `email.queued` event, in the caller's transaction.
 */
export async function queueCodeEmail(
  executor: Executor,
  box: SecretBox,
  to: string,
  code = '123456',
): Promise<string> {
  const emailId = await createEmail(executor, {
    to,
    template: 'auth.verify_code',
    sealedContent: box.seal(JSON.stringify({ name: 'Ada', code })),
  });
  await appendEvent(executor, { type: 'email.queued', payload: { emailId } });
  return emailId;
}
