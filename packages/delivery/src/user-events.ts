import type { Executor } from '@touchline/db';
import { appendUserEvent, appendUserEventsBatch } from '@touchline/db/user-events';
import type { StoredServerEvent } from '@touchline/shared';

/** A stored event for one user, numbered in their stream, to publish after the commit. */
export type Outbound = { userId: string; event: StoredServerEvent };

/** An event to store: its type and data (the sequence number is given on storing). */
export type UserEventDraft<T extends StoredServerEvent['type'] = StoredServerEvent['type']> = {
  userId: string;
  type: T;
  data: Extract<StoredServerEvent, { type: T }>['data'];
};

/**
 * Stores one event in the user's realtime stream under their next sequence number, in the
 * caller's transaction. Answers what to publish after the commit.
 */
export async function storeUserEvent(executor: Executor, draft: UserEventDraft): Promise<Outbound> {
  const { seq } = await appendUserEvent(executor, draft.userId, draft.type, draft.data);
  return {
    userId: draft.userId,
    event: { type: draft.type, seq, data: draft.data } as StoredServerEvent,
  };
}

/**
 * Stores many events in the caller's transaction. Counters are taken in user-id order (no
 * crosswise waits between two writers); distinct users go in two statements, several events for
 * one user are numbered one after the other. Answers in the drafts' order.
 */
export async function storeUserEvents(
  executor: Executor,
  drafts: readonly UserEventDraft[],
): Promise<Outbound[]> {
  if (drafts.length === 0) return [];
  const distinct = new Set(drafts.map((d) => d.userId)).size === drafts.length;
  if (distinct) {
    const seqs = await appendUserEventsBatch(executor, drafts);
    return drafts.map((d, i) => ({
      userId: d.userId,
      event: { type: d.type, seq: seqs[i]!.seq, data: d.data } as StoredServerEvent,
    }));
  }
  const order = drafts
    .map((d, i) => ({ d, i }))
    .sort((a, b) => (a.d.userId < b.d.userId ? -1 : a.d.userId > b.d.userId ? 1 : a.i - b.i));
  const out: Outbound[] = new Array(drafts.length);
  for (const { d, i } of order) out[i] = await storeUserEvent(executor, d);
  return out;
}
