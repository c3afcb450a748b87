import { ApiError } from '@/lib/api-client';

/**
 * The trial-day check-in's offline queue (supplement §17): a check-in that failed for want of a
 * network is kept in localStorage per trial and sent again on the `online` event and after the
 * next check-in that goes through. The API is idempotent (decision 50), so a resend that already
 * arrived only answers 'Already checked in'.
 */
export const checkInQueueKey = (trialId: string) => `touchline.checkin-queue.${trialId}`;

/** The same normalising as the API: trimmed and upper-cased. */
export const normaliseCode = (code: string) => code.trim().toUpperCase();

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readQueue(trialId: string, store: Storage | null = storage()): string[] {
  if (!store) return [];
  try {
    const raw: unknown = JSON.parse(store.getItem(checkInQueueKey(trialId)) ?? '[]');
    return Array.isArray(raw) ? raw.filter((c): c is string => typeof c === 'string') : [];
  } catch {
    return [];
  }
}

export function writeQueue(trialId: string, codes: string[], store: Storage | null = storage()) {
  if (!store) return;
  try {
    if (codes.length === 0) store.removeItem(checkInQueueKey(trialId));
    else store.setItem(checkInQueueKey(trialId), JSON.stringify(codes));
  } catch {
    // A full or blocked storage: the queue lives only as long as the page.
  }
}

/** Adds a code once (a code typed twice while offline is sent once). */
export function enqueue(trialId: string, code: string, store: Storage | null = storage()) {
  const codes = readQueue(trialId, store);
  const c = normaliseCode(code);
  if (!codes.includes(c)) codes.push(c);
  writeQueue(trialId, codes, store);
  return codes;
}

/** Failed for want of a network (fetch's TypeError, an abort), not an answer from the server. */
export function isNetworkFailure(error: unknown): boolean {
  return !(error instanceof ApiError);
}

export type FlushOutcome<T> =
  { code: string; ok: true; answer: T } | { code: string; ok: false; error: unknown };

/**
 * Sends the queued codes one by one. A code that got any answer from the server (success or a
 * refusal) leaves the queue; on the first network failure the rest stays for the next try.
 */
export async function flushQueue<T>(
  trialId: string,
  send: (code: string) => Promise<T>,
  store: Storage | null = storage(),
): Promise<{ outcomes: FlushOutcome<T>[]; remaining: string[] }> {
  const outcomes: FlushOutcome<T>[] = [];
  for (const code of readQueue(trialId, store)) {
    try {
      const answer = await send(code);
      outcomes.push({ code, ok: true, answer });
    } catch (error) {
      if (isNetworkFailure(error)) break;
      outcomes.push({ code, ok: false, error });
    }
    // Re-read: a code may have been queued while this one was on its way.
    writeQueue(
      trialId,
      readQueue(trialId, store).filter((c) => c !== code),
      store,
    );
  }
  return { outcomes, remaining: readQueue(trialId, store) };
}
