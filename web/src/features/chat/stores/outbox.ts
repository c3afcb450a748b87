import { proxy, ref } from 'valtio';

/**
 * Messages this tab has sent that the server has not confirmed yet (UI state: they are not server
 * data until the answer or the socket brings them back). A failed one stays, with 'Retry', which
 * sends the same `client_id` again. An entry leaves when its message arrives from the server.
 */
export type OutboxEntry = {
  client_id: string;
  thread_name: string;
  /** Whose send it is (a tab where someone else signs in does not show it). */
  sender_id: string;
  text: string;
  image: File | null;
  /** An object URL of the image, for the bubble (revoked when the entry leaves). */
  preview: string | null;
  created_at: string;
  status: 'sending' | 'failed';
  /** The server's reason when it refused the last attempt (null: connection or server error). */
  error: string | null;
};

export const outbox = proxy<{ entries: OutboxEntry[] }>({ entries: [] });

export function addToOutbox(entry: Omit<OutboxEntry, 'status' | 'error' | 'preview'>): void {
  const preview =
    entry.image && typeof URL.createObjectURL === 'function'
      ? URL.createObjectURL(entry.image)
      : null;
  outbox.entries.push({
    ...entry,
    image: entry.image ? ref(entry.image) : null,
    preview,
    status: 'sending',
    error: null,
  });
}

function find(clientId: string): OutboxEntry | undefined {
  return outbox.entries.find((entry) => entry.client_id === clientId);
}

export function markSending(clientId: string): void {
  const entry = find(clientId);
  if (!entry) return;
  entry.status = 'sending';
  entry.error = null;
}

export function markFailed(clientId: string, error: string | null): void {
  const entry = find(clientId);
  if (!entry) return;
  entry.status = 'failed';
  entry.error = error;
}

/** The server has the message: the entry leaves (its row is the server's from now on). */
export function removeFromOutbox(clientId: string): void {
  const index = outbox.entries.findIndex((entry) => entry.client_id === clientId);
  if (index < 0) return;
  const [entry] = outbox.entries.splice(index, 1);
  if (entry?.preview && typeof URL.revokeObjectURL === 'function')
    URL.revokeObjectURL(entry.preview);
}
