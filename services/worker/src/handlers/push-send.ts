import { createHash } from 'node:crypto';
import type { Database } from '@touchline/db';
import { appendEvent } from '@touchline/db/outbox';
import {
  claimPushDelivery,
  deletePushSubscriptionById,
  findNoticeForOutside,
  forgetPushDelivery,
  insertSms,
  listPushSubscriptions,
} from '@touchline/db/reach';
import {
  PushEndpointRefusedError,
  type JobHandler,
  type QueueDriver,
  type SecretBox,
  type WebPushSender,
} from '@touchline/drivers';
import {
  NOTIFICATION_KINDS,
  PREFERENCE_KIND_OF,
  quietHoursApply,
  quietHoursEnd,
  resolvePreferences,
  type NotificationKind,
  type PushPayload,
  type PreferenceKind,
} from '@touchline/shared';

/** What may go by SMS (supplement §16: codes, trial reminders and selection outcomes). */
export const SMS_PREFERENCE_KINDS: ReadonlySet<PreferenceKind> = new Set(['trials', 'reminders']);

/**
 * The push's collapse key: one per conversation for chat notices (a newer message replaces the
 * older push, on the device by `tag` and at the push service by `Topic`), else one per notice.
 */
export function pushTagOf(notice: { id: string; kind: string; link: string }): string {
  return notice.kind === 'message' ? `chat:${notice.link}` : `notice:${notice.id}`;
}
const topicOf = (tag: string) => createHash('sha256').update(tag).digest('base64url').slice(0, 32);

const isKind = (k: string): k is NotificationKind =>
  (NOTIFICATION_KINDS as readonly string[]).includes(k);

/**
 * Takes a stored notice outside the app (decision 47): a push to each of the recipient's devices
 * and an SMS to their verified phone, as their preferences allow, never more than the in-app
 * text and link. A minor's (and an adult's who chose quiet hours) wait out 21:00–07:00 Lagos: the job is added again,
 * delayed to 07:00. Each device's push is recorded before it is sent, so a rerun (retry after a
 * push service failed for another device) never pushes twice; a 404/410 removes the
 * subscription; a notice already read in-app is not pushed.
 */
export function createPushSendHandler(deps: {
  db: Database;
  push: WebPushSender;
  queue: Pick<QueueDriver, 'add'>;
  secretBox: SecretBox;
  clock: () => Date;
}): JobHandler<'push.send'> {
  return async ({ data }) => {
    const notice = await findNoticeForOutside(deps.db, data.notificationId);
    if (!notice || !notice.reachable || notice.readAt) return;
    const kind = isKind(notice.kind) ? PREFERENCE_KIND_OF[notice.kind] : 'reminders';
    const wanted = resolvePreferences(notice.preferences)[kind];
    const sms = wanted.sms && notice.phone !== null && SMS_PREFERENCE_KINDS.has(kind);
    if (!wanted.push && !sms) return;

    const now = deps.clock();
    const quietUntil = quietHoursApply(notice, now) ? quietHoursEnd(now) : null;
    if (quietUntil) {
      await deps.queue.add('push.send', data, {
        jobId: `push.send:held:${notice.id}`,
        delayMs: quietUntil.getTime() - now.getTime(),
      });
      return;
    }

    if (sms && notice.phone) {
      await deps.db.transaction(async (tx) => {
        const smsId = await insertSms(tx, {
          userId: notice.userId,
          to: notice.phone!,
          sealedText: deps.secretBox.seal(notice.text),
          notificationId: notice.id,
        });
        if (smsId) await appendEvent(tx, { type: 'sms.queued', payload: { smsId } });
      });
    }
    if (!wanted.push) return;

    const tag = pushTagOf(notice);
    const payload: PushPayload = { title: 'Touchline', body: notice.text, link: notice.link, tag };
    const body = JSON.stringify(payload);
    let failure: unknown;
    for (const device of await listPushSubscriptions(deps.db, notice.userId)) {
      if (!(await claimPushDelivery(deps.db, notice.id, device.id))) continue;
      try {
        const outcome = await deps.push.send(device, body, {
          topic: topicOf(tag),
          urgency: kind === 'messages' ? 'high' : 'normal',
        });
        if (outcome === 'gone') await deletePushSubscriptionById(deps.db, device.id);
      } catch (err) {
        if (err instanceof PushEndpointRefusedError) {
          // Stored before the host list changed: never contacted, and dropped.
          await deletePushSubscriptionById(deps.db, device.id);
          continue;
        }
        await forgetPushDelivery(deps.db, notice.id, device.id);
        failure = err;
      }
    }
    // The devices that failed are retried with backoff; the others are not pushed again.
    if (failure) throw failure;
  };
}
