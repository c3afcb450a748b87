import type { Database } from '@touchline/db';
import { pickRemindersDue } from '@touchline/db/trials';
import type { BusDriver, JobHandler, SecretBox } from '@touchline/drivers';
import { NOTIFICATION_TEXTS, trialLink } from '@touchline/shared';
import { emailLink, storeNotices, type Outbound } from '@touchline/delivery';
import { publisherFor } from './delivery';

/** Registrants reminded per transaction. */
export const REMIND_BATCH_SIZE = 200;
/** How far ahead a trial's start makes its registrants due for the reminder. */
export const REMIND_WITHIN_HOURS = 24;

/**
 * Recurring (every 15 minutes): the `registered` and `selected` registrants of active trials that
 * start within 24 hours get 'Reminder: <trial> is tomorrow' (in-app, live) and the reminder
 * e-mail. The statement that picks them stamps `reminded_at`, and the notifications and e-mails
 * are stored in the same transaction: a registrant is reminded once, however often or
 * concurrently this runs, and a crash before the commit leaves them due for the next run.
 */
export function createRemindHandler(deps: {
  db: Database;
  bus: BusDriver;
  secretBox: SecretBox;
  clock: () => Date;
  batchSize?: number;
  publicUrl?: string;
}): JobHandler<'trials.remind'> {
  const limit = deps.batchSize ?? REMIND_BATCH_SIZE;
  return async () => {
    for (;;) {
      const now = deps.clock();
      const { picked, pushed } = await deps.db.transaction(async (tx) => {
        const due = await pickRemindersDue(tx, { now, withinHours: REMIND_WITHIN_HOURS, limit });
        const stored: Outbound[] = await storeNotices(
          tx,
          deps.secretBox,
          due.map((r) => ({
            userId: r.playerId,
            actorId: null,
            kind: 'registration_update' as const,
            text: NOTIFICATION_TEXTS.trialReminder(r.trialName),
            link: trialLink(r.trialId),
            sourceKey: `trial.reminder:${r.registrationId}`,
            email: {
              to: r.email,
              template: 'trials.reminder' as const,
              params: {
                name: r.name,
                trial: r.trialName,
                referenceCode: r.referenceCode,
                trialDate: r.trialDate,
                startTime: r.startTime,
                venue: r.venue,
                link: emailLink(deps.publicUrl, trialLink(r.trialId)),
              },
            },
          })),
        );
        return { picked: due.length, pushed: stored };
      });
      await publisherFor(deps.bus).publish(pushed);
      if (picked < limit) return;
    }
  };
}
