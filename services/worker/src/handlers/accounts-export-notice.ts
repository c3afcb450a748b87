import type { Database } from '@touchline/db';
import type { BusDriver, SecretBox } from '@touchline/drivers';
import { lagosReadableDate, YOUR_DATA_MESSAGES, YOUR_DATA_PATH } from '@touchline/shared';
import { deliverNotices, emailLink } from '@touchline/delivery';
import { publisherFor } from './delivery';

/**
 * Tells the owner their export is ready: in-app (kind `system`, link 'Your data') and by e-mail.
 * The one place the export reaches the general deliverer, so switching deliverers is one edit.
 * Idempotent per export (its source key): a rerun tells nobody twice.
 */
export async function tellExportReady(
  deps: { db: Database; bus: BusDriver; secretBox: SecretBox; publicUrl?: string },
  input: {
    exportId: string;
    user: { id: string; email: string; username: string };
    expiresAt: Date;
  },
) {
  await deliverNotices({ ...deps, publisher: publisherFor(deps.bus) }, [
    {
      userId: input.user.id,
      actorId: null,
      kind: 'system',
      text: YOUR_DATA_MESSAGES.exportReadyNotice,
      link: YOUR_DATA_PATH,
      sourceKey: `data_export.ready:${input.exportId}`,
      email: {
        to: input.user.email,
        template: 'account.export_ready',
        params: {
          name: input.user.username,
          expiresOn: lagosReadableDate(input.expiresAt),
          link: emailLink(deps.publicUrl, YOUR_DATA_PATH),
        },
      },
    },
  ]);
}
