import type { Executor } from '@touchline/db';
import {
  countUnread,
  countUnreadMany,
  insertAnnouncedNotifications,
  insertNotifications,
  type NotificationRow,
} from '@touchline/db/notifications';
import { appendEvent } from '@touchline/db/outbox';
import { createEmail } from '@touchline/db/emails';
import { announceOutsideDelivery, findStoredPreferences } from '@touchline/db/reach';
import type { SecretBox } from '@touchline/drivers';
import {
  MANDATORY_EMAILS,
  noticeEmailWanted,
  type EmailParams,
  type EmailTemplate,
  type NotificationKind,
  type StoredServerEvent,
} from '@touchline/shared';
import { storeUserEvents, type Outbound } from './user-events';

/** An e-mail of one template with its parameters (checked against the template by the type). */
export type TemplatedEmail = {
  [T in EmailTemplate]: { to: string; template: T; params: EmailParams<T> };
}[EmailTemplate];

/**
 * One in-app notice for a user, and optionally the e-mail that goes with it. `sourceKey` is
 * unique: a notice already stored is skipped, its e-mail too, so a rerun sends nothing twice.
 */
export type Notice = {
  /** Fixed ahead, with the time, when the notice was previewed first (`publishPreviews`). */
  id?: string;
  createdAt?: Date;
  userId: string;
  actorId: string | null;
  kind: NotificationKind;
  text: string;
  link: string;
  sourceKey: string;
  email?: TemplatedEmail;
};

/** A page's address for an e-mail: absolute with the site's public address, else the path. */
export function emailLink(publicUrl: string | undefined, path: string): string {
  return publicUrl ? `${publicUrl.replace(/\/+$/, '')}${path}` : path;
}

/**
 * The `notification` socket event's data for a stored row (the same id as the row), with the
 * recipient's unread count after it, so the client's badge never has to guess.
 */
export function notificationEventData(row: NotificationRow, unread: number) {
  return {
    id: row.id,
    kind: row.kind,
    text: row.text,
    link: row.link,
    actor_id: row.actorId,
    created_at: row.createdAt.toISOString(),
    unread,
  };
}

/**
 * Queues an e-mail the way every service does (`auth.codes.service`): the row with its
 * parameters sealed by the drivers' secret box and its `email.queued` event, in the caller's
 * transaction; the `email.send` job renders and sends it.
 */
export async function queueEmail(executor: Executor, box: SecretBox, email: TemplatedEmail) {
  const emailId = await createEmail(executor, {
    to: email.to,
    template: email.template,
    sealedContent: box.seal(JSON.stringify(email.params)),
  });
  await appendEvent(executor, { type: 'email.queued', payload: { emailId } });
  return emailId;
}

/**
 * Numbers stored notification rows in their recipients' realtime streams (each `notification`
 * event carries the recipient's unread count after it), in the caller's transaction. For rows a
 * grouping rule wrote (a like folded into its hour's row, a chat notice brought back).
 */
export async function announceNotifications(
  executor: Executor,
  rows: readonly NotificationRow[],
): Promise<Outbound[]> {
  if (rows.length === 0) return [];
  // Push and SMS (supplement §16) leave through the outbox with the same commit, one row per
  // notice whose recipient has a device or a verified phone (decision 47).
  await announceOutsideDelivery(
    executor,
    rows.map((row) => row.id),
  );
  const unread =
    rows.length === 1
      ? new Map([[rows[0]!.userId, await countUnread(executor, rows[0]!.userId)]])
      : await countUnreadMany(
          executor,
          rows.map((row) => row.userId),
        );
  return storeUserEvents(
    executor,
    rows.map((row) => ({
      userId: row.userId,
      type: 'notification' as const,
      data: notificationEventData(row, unread.get(row.userId) ?? 0),
    })),
  );
}

/**
 * Notices without e-mails are stored, counted and numbered by one statement
 * (`insertAnnouncedNotifications`), which is atomic on its own: it needs no transaction around it.
 */
export function storedInOneStatement(notices: readonly Notice[]): boolean {
  return notices.every((n) => !n.email);
}

/**
 * Stores the notices not stored yet (one statement), queues their e-mails and numbers each in
 * its recipient's realtime stream, all in the caller's transaction. Answers what to publish
 * after the commit (`createPublisher().publish`). The one way a notice is written.
 */
export async function storeNotices(
  executor: Executor,
  box: SecretBox | null,
  notices: readonly Notice[],
): Promise<Outbound[]> {
  if (notices.length === 0) return [];
  // The common batch (no e-mail; a recipient may have several notices, each numbered with the
  // unread count after it): stored, counted and numbered in one statement (issue 24 item 3).
  if (storedInOneStatement(notices)) {
    const announced = await insertAnnouncedNotifications(
      executor,
      notices.map(({ email: _email, ...row }) => row),
    );
    return announced.map(({ userId, seq, data }) => ({
      userId,
      event: { type: 'notification', seq, data } as StoredServerEvent,
    }));
  }
  const bySource = new Map(notices.map((n) => [n.sourceKey, n]));
  const rows = await insertNotifications(
    executor,
    notices.map(({ email: _email, ...row }) => row),
  );
  if (rows.length === 0) return [];
  const emails = rows.flatMap((row) => {
    const notice = row.sourceKey ? bySource.get(row.sourceKey) : undefined;
    return notice?.email ? [{ notice, email: notice.email }] : [];
  });
  // The recipient's e-mail choice for the notice's kind (decision 54); mandatory e-mails always go.
  const optional = emails.filter(
    ({ email }) => !(MANDATORY_EMAILS as readonly string[]).includes(email.template),
  );
  const stored = await findStoredPreferences(
    executor,
    optional.map(({ notice }) => notice.userId),
  );
  for (const { notice, email } of emails) {
    if (!noticeEmailWanted(email.template, notice.kind, stored.get(notice.userId))) continue;
    if (!box) throw new Error('storeNotices: a notice with an e-mail needs the secret box');
    await queueEmail(executor, box, email);
  }
  return announceNotifications(executor, rows);
}
