import type { Database } from '@touchline/db';
import { findAdminAuditById } from '@touchline/db/admin';
import { findUserById } from '@touchline/db/users';
import type { BusDriver, JobHandler, SecretBox } from '@touchline/drivers';
import { ACADEMY_REVIEW_LINKS, NOTIFICATION_TEXTS } from '@touchline/shared';
import { deliverNotices, emailLink, type Notice } from '@touchline/delivery';
import { publisherFor } from './delivery';

/**
 * An administrator's decision on an academy's verification (`academy.verified` /
 * `academy.declined`), told to the academy: in-app (kind `academy_review`, pushed live) and by
 * e-mail, the decline with its reason, read from the decision's audit record. Nothing when the
 * academy is gone or a later decision has replaced this one (that decision is told instead), so
 * an academy verified and then declined within seconds is not told it is verified. One row per
 * event (`sourceKey`), so a rerun sends nothing twice.
 */
export function createAcademyReviewNotificationsHandler(deps: {
  db: Database;
  bus: BusDriver;
  secretBox: SecretBox;
  publicUrl?: string;
}): JobHandler<'notifications.academy_review'> {
  return async ({ data }) => {
    const academy = await findUserById(deps.db, data.academyId);
    if (!academy || academy.role !== 'academy') return;
    if (academy.academyStatus !== data.decision) return;
    const audit = await findAdminAuditById(deps.db, data.auditId);
    if (!audit || audit.targetUserId !== academy.id) return;
    const link = ACADEMY_REVIEW_LINKS[data.decision];
    const emailTo = emailLink(deps.publicUrl, link);
    const notice: Notice =
      data.decision === 'verified'
        ? {
            userId: academy.id,
            actorId: null,
            kind: 'academy_review',
            text: NOTIFICATION_TEXTS.academyVerified(),
            link,
            sourceKey: `academy.review:${data.eventId}`,
            email: {
              to: academy.email,
              template: 'academy.verified',
              params: { name: academy.username, link: emailTo },
            },
          }
        : {
            userId: academy.id,
            actorId: null,
            kind: 'academy_review',
            text: NOTIFICATION_TEXTS.academyDeclined(audit.reason),
            link,
            sourceKey: `academy.review:${data.eventId}`,
            email: {
              to: academy.email,
              template: 'academy.declined',
              params: { name: academy.username, reason: audit.reason, link: emailTo },
            },
          };
    await deliverNotices({ ...deps, publisher: publisherFor(deps.bus) }, [notice]);
  };
}
