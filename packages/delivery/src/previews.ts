import type { BusDriver } from '@touchline/drivers';
import { PREVIEWS_CHANNEL, type PreviewNotice, type PreviewsMessage } from '@touchline/shared';

/** Recipients per bus message: a message stays small enough for one quick decode (≈ 90 kB). */
export const PREVIEWS_PER_MESSAGE = 1000;

type Logger = { warn: (obj: object, msg?: string) => void };

/**
 * Shows a notice to many recipients' open tabs before its rows are stored (decision 60): one
 * message per `PREVIEWS_PER_MESSAGE` recipients on the channel every API instance hears, each
 * instance sending to its own sockets. Best effort and never thrown: the stored, numbered notice
 * follows anyway, and the client shows it once by id.
 */
export async function publishPreviews(
  bus: BusDriver,
  notice: PreviewNotice,
  to: PreviewsMessage['to'],
  logger?: Logger,
): Promise<void> {
  for (let i = 0; i < to.length; i += PREVIEWS_PER_MESSAGE) {
    const message: PreviewsMessage = {
      kind: 'previews',
      notice,
      to: to.slice(i, i + PREVIEWS_PER_MESSAGE),
    };
    try {
      await bus.publish(PREVIEWS_CHANNEL, message);
    } catch (err) {
      logger?.warn({ err, recipients: message.to.length }, 'preview publish failed');
    }
  }
}
