import type { Database, Executor } from '@touchline/db';
import { countUnread, insertNotifications } from '@touchline/db/notifications';
import {
  appendEvent,
  appendUserEvent,
  appendUserEventsBatch,
  createEmail,
} from '@touchline/db/platform';
import type { BusDriver, SecretBox } from '@touchline/drivers';
import type {
  EmailParams,
  EmailTemplate,
  NotificationKind,
  StoredServerEvent,
} from '@touchline/shared';
import { notificationEventData, publishStored } from './notification-events';

/** An e-mail of one template with its parameters (checked against the template by the type). */
export type TemplatedEmail = {
  [T in EmailTemplate]: { to: string; template: T; params: EmailParams<T> };
}[EmailTemplate];

/**
 * One in-app notification for a user, and optionally the e-mail that goes with it. `sourceKey`
 * is unique: a notice already stored is skipped, its e-mail too, so a rerun sends nothing twice.
 */
export type TrialNotice = {
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

export type PushedNotice = { userId: string; event: StoredServerEvent };

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
 * Stores the notices not stored yet (one statement), queues their e-mails and numbers each in
 * its recipient's realtime stream, all in the caller's transaction. Answers what to push after
 * the commit.
 */
export async function storeNotices(
  executor: Executor,
  box: SecretBox,
  notices: readonly TrialNotice[],
): Promise<PushedNotice[]> {
  if (notices.length === 0) return [];
  const bySource = new Map(notices.map((n) => [n.sourceKey, n]));
  const rows = await insertNotifications(
    executor,
    notices.map(({ email: _email, ...row }) => row),
  );
  if (rows.length === 0) return [];
  for (const row of rows) {
    const email = row.sourceKey ? bySource.get(row.sourceKey)?.email : undefined;
    if (email) await queueEmail(executor, box, email);
  }
  // Counters are taken in user-id order, as appendUserEventsBatch does (no crosswise waits).
  const sorted = [...rows].sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
  const events: {
    userId: string;
    type: 'notification';
    data: ReturnType<typeof notificationEventData>;
  }[] = [];
  for (const row of sorted) {
    events.push({
      userId: row.userId,
      type: 'notification',
      data: notificationEventData(row, await countUnread(executor, row.userId)),
    });
  }
  // One event per user per batch call; several notices for one user (two trials tomorrow) are
  // numbered one after the other.
  const distinct = new Set(events.map((e) => e.userId)).size === events.length;
  const seqs: { seq: number }[] = [];
  if (distinct) seqs.push(...(await appendUserEventsBatch(executor, events)));
  else for (const e of events) seqs.push(await appendUserEvent(executor, e.userId, e.type, e.data));
  return events.map((e, i) => ({
    userId: e.userId,
    event: { type: 'notification', seq: seqs[i]!.seq, data: e.data },
  }));
}

/** Pushes stored notices to their recipients' open tabs (after the commit). */
export async function pushNotices(bus: BusDriver, pushed: readonly PushedNotice[]) {
  await Promise.all(pushed.map(({ userId, event }) => publishStored(bus, userId, [event])));
}

/** Stores the notices (and their e-mails) in one transaction, then pushes them live. */
export async function deliverNotices(
  deps: { db: Database; bus: BusDriver; secretBox: SecretBox },
  notices: readonly TrialNotice[],
) {
  if (notices.length === 0) return [];
  const pushed = await deps.db.transaction((tx) => storeNotices(tx, deps.secretBox, notices));
  await pushNotices(deps.bus, pushed);
  return pushed;
}
