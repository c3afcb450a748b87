import type { Database } from '@touchline/db';
import { insertAdminAudit } from '@touchline/db/admin';
import {
  endGuardianLinks,
  findAcademyMessageToMinor,
  listTurnedAdult,
  liveGuardiansOf,
  markConsentNotNeeded,
} from '@touchline/db/guardians';
import { lockUserRow } from '@touchline/db/users';
import { deliverNotices, emailLink, storeNotices, type Notice } from '@touchline/delivery';
import type { BusDriver, JobHandler, SecretBox } from '@touchline/drivers';
import {
  GUARDIAN_HOME_PATH,
  GUARDIAN_NOTICES,
  SESSIONS_CHANNEL,
  isMinorOn,
  todayInLagos,
  type SessionInvalidation,
} from '@touchline/shared';
import { publisherFor } from './delivery';

type Deps = {
  db: Database;
  bus: BusDriver;
  secretBox: SecretBox;
  clock: () => Date;
  publicUrl?: string;
};

/** How many grown-ups one run of `guardians.end_at_18` handles (the next run takes the rest). */
const END_BATCH = 200;

/**
 * Contact in the open (supplement §14, decision 43): an academy's message to a minor is told at
 * once to each linked guardian, in-app (kind `system`, link `/guardian/home`) and by e-mail. The
 * source key `guardian.contact:<thread>:<guardian>` makes it once per conversation and guardian:
 * the academy's first message (or, for a guardian linked later, the first one after that).
 */
export function createGuardianContactHandler(
  deps: Deps,
): JobHandler<'notifications.guardian_contact'> {
  return async ({ data }) => {
    const found = await findAcademyMessageToMinor(
      deps.db,
      data.messageId,
      todayInLagos(deps.clock()),
    );
    if (!found || found.guardians.length === 0) return;
    const link = emailLink(deps.publicUrl, GUARDIAN_HOME_PATH);
    const notices: Notice[] = found.guardians.map((guardian) => ({
      userId: guardian.id,
      actorId: found.academyId,
      kind: 'system',
      text: GUARDIAN_NOTICES.contact(found.academyName, found.childName),
      link: GUARDIAN_HOME_PATH,
      sourceKey: `guardian.contact:${found.threadId}:${guardian.id}`,
      email: {
        to: guardian.email,
        template: 'guardian.contact',
        params: { childName: found.childName, academyName: found.academyName, link },
      },
    }));
    await deliverNotices({ ...deps, publisher: publisherFor(deps.bus) }, notices);
  };
}

/**
 * At 18 the guardian link ends by itself (supplement §14): for each player who is 18 today in
 * Lagos and still has a live link or a consent state, in one transaction each: the links end
 * (`turned_18`), consent becomes `not_needed` (a withdrawn account's erasure goes on), the
 * messaging setting returns to its default, an audit record is written, and the young adult and
 * each guardian are told (in-app and e-mail). The consent ledger keeps its rows. Idempotent: a
 * rerun finds nobody left.
 */
export function createEndAt18Handler(deps: Deps): JobHandler<'guardians.end_at_18'> {
  return async () => {
    const now = deps.clock();
    const today = todayInLagos(now);
    const grown = await listTurnedAdult(deps.db, today, END_BATCH);
    const publisher = publisherFor(deps.bus);
    for (const person of grown) {
      let ended = false;
      await publisher.deliver(deps.db, async (tx) => {
        const row = await lockUserRow(tx, person.id);
        if (!row || row.erasedAt || isMinorOn(row.dob, today)) return [];
        ended = true;
        const guardians = await liveGuardiansOf(tx, person.id);
        await endGuardianLinks(tx, person.id, { at: now, reason: 'turned_18' });
        await markConsentNotNeeded(tx, person.id);
        await insertAdminAudit(tx, {
          actorId: null,
          action: 'guardian.link_ended_at_18',
          targetUserId: person.id,
          reason: 'The player turned 18',
          details: { guardians: guardians.length },
        });
        const link = (path: string) => emailLink(deps.publicUrl, path);
        const notices: Notice[] = [
          {
            userId: person.id,
            actorId: null,
            kind: 'system',
            text: GUARDIAN_NOTICES.linkEndedChild,
            link: '/settings',
            sourceKey: `guardian.ended_at_18:${person.id}`,
            email: {
              to: row.email,
              template: 'guardian.link_ended',
              params: { childName: row.username, toChild: true, link: link('/settings') },
            },
          },
          ...guardians.map((guardian): Notice => ({
            userId: guardian.id,
            actorId: null,
            kind: 'system',
            text: GUARDIAN_NOTICES.linkEndedGuardian(row.username),
            link: GUARDIAN_HOME_PATH,
            sourceKey: `guardian.ended_at_18:${person.id}:${guardian.id}`,
            email: {
              to: guardian.email,
              template: 'guardian.link_ended',
              params: { childName: row.username, toChild: false, link: link(GUARDIAN_HOME_PATH) },
            },
          })),
        ];
        return storeNotices(tx, deps.secretBox, notices);
      });
      // Their consent changed: every API instance reads their session anew on the next request
      // (decision 44). A lost publish is covered by the cached session's 30-second expiry.
      if (ended)
        await deps.bus
          .publish(SESSIONS_CHANNEL, { userId: person.id } satisfies SessionInvalidation)
          .catch(() => undefined);
    }
  };
}
