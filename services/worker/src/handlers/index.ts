import { JOBS, type JobName } from '@touchline/shared';
import type { Database } from '@touchline/db';
import type {
  BusDriver,
  JobHandlers,
  MailDriver,
  PaymentProvider,
  QueueDriver,
  SecretBox,
  SmsProvider,
  StorageDriver,
  WebPushSender,
} from '@touchline/drivers';
import { createPushSendHandler } from './push-send';
import { createSmsSendHandler } from './sms-send';
import { createRegistrationChangesHandler, createTrialChangesHandler } from './changes';
import { createEmailSendHandler } from './email-send';
import { createPruneHandler } from './maintenance-prune';
import { createMediaProcessHandler } from './media-process';
import { createSessionsRevokedHandler } from './realtime-sessions-revoked';
import { createNotificationsHandler } from './notifications-create';
import { createAcademyReviewNotificationsHandler } from './notifications-academy-review';
import { createChatNotificationsHandler } from './notifications-chat';
import { createCommentNotificationsHandler } from './notifications-comment';
import { createLikeNotificationsHandler } from './notifications-like';
import { createNewPostNotificationsHandler } from './notifications-new-post';
import { createNewTrialNotificationsHandler } from './notifications-trial-new';
import { createTrialCancelledNotificationsHandler } from './notifications-trial-cancelled';
import { createRegistrationNotificationsHandler } from './notifications-trial-registration';
import { createRegistrationUpdateNotificationsHandler } from './notifications-trial-registration-update';
import { createWaitlistPromotedNotificationsHandler } from './notifications-waitlist-promoted';
import { createGuardianApprovalNotificationsHandler } from './notifications-guardian-approval';
import { createExpireHoldHandler } from './trials-expire-hold';
import { createSweepHoldsHandler } from './trials-sweep-holds';
import { createRemindHandler } from './trials-remind';
import { createNoShowsHandler } from './trials-no-shows';
import { createRefundHandler } from './payments-refund';
import { createRefundTrialHandler } from './payments-refund-trial';
import { createExportHandler } from './accounts-export';
import { createEraseDueHandler, createEraseHandler } from './accounts-erase';
import { createEndAt18Handler, createGuardianContactHandler } from './guardians';
import { createFeedFanOutHandler } from './feeds-fan-out';
import { createRankPopularHandler } from './feeds-rank-popular';

export type HandlerDeps = {
  db: Database;
  mail: MailDriver;
  storage: StorageDriver;
  bus: BusDriver;
  /** Opens the sealed parameters of e-mails (the same secret as the API's). */
  secretBox: SecretBox;
  /** The payment provider (refunds). */
  payments: PaymentProvider;
  /** Web Push and the SMS provider (supplement §16). */
  push: WebPushSender;
  sms: SmsProvider;
  /** Re-adds a minor's push delayed past quiet hours. */
  queue: Pick<QueueDriver, 'add'>;
  clock: () => Date;
  /** The site's public address: e-mails link to its pages when known (PUBLIC_URL). */
  publicUrl?: string;
};

/** The job registry: one handler for every job of the contract (checked by the type and at start). */
export function createJobHandlers(deps: HandlerDeps): JobHandlers {
  return {
    'email.send': createEmailSendHandler(deps),
    'push.send': createPushSendHandler(deps),
    'sms.send': createSmsSendHandler(deps),
    'media.process': createMediaProcessHandler(deps),
    'realtime.sessions_revoked': createSessionsRevokedHandler(deps),
    'maintenance.prune': createPruneHandler(deps),
    'changes.registration': createRegistrationChangesHandler(deps),
    'changes.trial': createTrialChangesHandler(deps),
    'notifications.create': createNotificationsHandler(deps),
    'notifications.like': createLikeNotificationsHandler(deps),
    'notifications.comment': createCommentNotificationsHandler(deps),
    'notifications.new_post': createNewPostNotificationsHandler(deps),
    'notifications.new_trial': createNewTrialNotificationsHandler(deps),
    'notifications.trial_cancelled': createTrialCancelledNotificationsHandler(deps),
    'notifications.registration': createRegistrationNotificationsHandler(deps),
    'notifications.registration_update': createRegistrationUpdateNotificationsHandler(deps),
    'notifications.waitlist_promoted': createWaitlistPromotedNotificationsHandler(deps),
    'notifications.chat_message': createChatNotificationsHandler(deps),
    'notifications.academy_review': createAcademyReviewNotificationsHandler(deps),
    'notifications.guardian_approval': createGuardianApprovalNotificationsHandler(deps),
    'trials.expire_hold': createExpireHoldHandler(deps),
    'trials.sweep_holds': createSweepHoldsHandler(deps),
    'trials.remind': createRemindHandler(deps),
    'trials.mark_no_shows': createNoShowsHandler(deps),
    'payments.refund': createRefundHandler(deps),
    'payments.refund_trial': createRefundTrialHandler(deps),
    'accounts.export': createExportHandler(deps),
    'accounts.erase': createEraseHandler(deps),
    'accounts.erase_due': createEraseDueHandler(deps),
    'notifications.guardian_contact': createGuardianContactHandler(deps),
    'guardians.end_at_18': createEndAt18Handler(deps),
    'feeds.fan_out': createFeedFanOutHandler(deps),
    'feeds.rank_popular': createRankPopularHandler(deps),
  };
}

export class MissingHandlerError extends Error {
  override name = 'MissingHandlerError';
}

/** Refuses to start when a job of the contract has no handler (or a handler names no job). */
export function assertHandlers(
  handlers: Partial<Record<string, unknown>>,
): asserts handlers is JobHandlers {
  const missing = (Object.keys(JOBS) as JobName[]).filter(
    (name) => typeof handlers[name] !== 'function',
  );
  const unknown = Object.keys(handlers).filter((name) => !Object.hasOwn(JOBS, name));
  if (missing.length > 0 || unknown.length > 0) {
    throw new MissingHandlerError(
      [
        missing.length ? `jobs without a handler: ${missing.join(', ')}` : '',
        unknown.length ? `handlers for unknown jobs: ${unknown.join(', ')}` : '',
      ]
        .filter(Boolean)
        .join('; '),
    );
  }
}
