import type { FastifyInstance } from 'fastify';
import { chatPairFactsFor, chatPartnerIds, setLastSeen, threadByName } from '@touchline/db/chat';
import { CHAT_LIMITS, chatPartnerOf, todayInLagos } from '@touchline/shared';
import type { SocketClient } from '../../plugins/realtime/realtime.connection';
import type { ChatPresence } from './chat.service';
import { partnerVisible } from './chat.visibility';

/** How long a socket trusts what it learned about a conversation (membership, blocks). */
const TYPING_ACCESS_TTL_MS = 30_000;

type TypingAccess = { partnerId: string | null; until: number };

const registered = new WeakSet<object>();

/** Who is online now, on any instance (the partner fields of chat answers). */
export function presenceFrom(app: FastifyInstance): ChatPresence {
  return { online: (userIds) => app.realtime.online(userIds) };
}

/** Those of `partnerIds` who still see `userId` as themselves (`partnerVisible`). */
async function visibleTo(
  app: FastifyInstance,
  userId: string,
  partnerIds: readonly string[],
): Promise<string[]> {
  const facts = await chatPairFactsFor(app.db, userId, partnerIds, todayInLagos(app.clock()));
  return partnerIds.filter((id) => {
    const pair = facts.get(id);
    return pair !== undefined && partnerVisible(pair);
  });
}

/**
 * The partner a socket's `typing` in `threadName` goes to: the other member of an existing
 * conversation of the caller's that no block stands between; null otherwise. Remembered per
 * socket for a short while (a typist sends one event every `typingThrottleMs`).
 */
async function typingPartner(
  app: FastifyInstance,
  client: SocketClient,
  threadName: string,
): Promise<string | null> {
  const key = `chat.typing:${threadName}`;
  const known = client.memo.get(key) as TypingAccess | undefined;
  const now = Date.now();
  if (known && known.until > now) return known.partnerId;
  let partnerId = chatPartnerOf(threadName, client.userId);
  // A member of an existing conversation whom the partner still sees (no block, no ended pair rule).
  if (partnerId) {
    const thread = await threadByName(app.db, threadName, client.userId);
    if (!thread || !(await visibleTo(app, client.userId, [partnerId])).includes(partnerId))
      partnerId = null;
  }
  client.memo.set(key, { partnerId, until: now + TYPING_ACCESS_TTL_MS } satisfies TypingAccess);
  return partnerId;
}

/**
 * Chat's live side, on the realtime hub (called once by chat.module.ts):
 * - `typing` from a socket (at most one per conversation every `typingThrottleMs` per socket)
 *   reaches the partner's sockets, never anyone else, and only from a member of an existing
 *   conversation no block stands in; anything else is dropped without an answer.
 * - a user coming online or going offline (first / last socket on any instance, or their instance
 *   died) stores `last_seen_at` and tells every chat partner (`presence`, ephemeral).
 */
export function registerChatLive(app: FastifyInstance): void {
  if (registered.has(app.realtime)) return; // once per hub, whoever calls it
  registered.add(app.realtime);
  app.realtime.onClientEvent(
    'typing',
    async (client, event) => {
      const partnerId = await typingPartner(app, client, event.thread_name);
      if (!partnerId) return;
      await app.realtime.publishEphemeral(partnerId, {
        type: 'typing',
        data: { thread_name: event.thread_name, user_id: client.userId },
      });
    },
    { throttleMs: CHAT_LIMITS.typingThrottleMs, throttleKey: (event) => event.thread_name },
  );

  app.realtime.onPresence(async ({ userId, online }) => {
    const at = app.clock();
    await setLastSeen(app.db, userId, at);
    // Not across a block, nor to a minor's former academy after an unfollow (chat.visibility.ts).
    const partners = await visibleTo(app, userId, await chatPartnerIds(app.db, userId));
    const data = { user_id: userId, online, last_seen: online ? null : at.toISOString() };
    await Promise.all(
      partners.map((partnerId) =>
        app.realtime.publishEphemeral(partnerId, { type: 'presence', data }),
      ),
    );
  });
}
