import { proxy, subscribe } from 'valtio';
import { STORAGE_KEYS } from '@/config/app';

/**
 * Persistence of small valtio stores inside one localStorage entry, `root` (spec §3: "Auth and
 * admin state are persisted under the key root"). Each store owns a named slice of that object.
 *
 * Rehydration is synchronous: localStorage is read while the store module is evaluated, before the
 * first render, so the specification's 5000 ms rehydrate timeout can never be reached and no
 * "rehydrating" state exists. Other tabs' changes arrive through the `storage` event.
 */
type Slice = Record<string, unknown>;

export type PersistedSliceOptions<T extends Slice> = {
  /** Keys kept in memory only (for example a transient loading flag). */
  transient?: readonly (keyof T)[];
  /** Last word on what a stored slice may restore (for example: no role without tokens). */
  accept?: (restored: T) => T;
};

export function persistedProxy<T extends Slice>(
  name: string,
  initial: T,
  options: PersistedSliceOptions<T> = {},
): T {
  const store = proxy<T>({ ...initial });
  const transient = new Set<keyof T>(options.transient ?? []);

  const rehydrate = () => {
    const restored = restore(readRoot()[name], initial, transient);
    Object.assign(store, options.accept ? options.accept(restored) : restored);
  };

  rehydrate();

  // Synchronous notification: the stored copy is current even if the page unloads right after.
  subscribe(
    store,
    () => {
      const slice: Slice = {};
      for (const key of Object.keys(initial)) {
        if (!transient.has(key)) slice[key] = store[key];
      }
      writeRoot({ ...readRoot(), [name]: slice });
    },
    true,
  );

  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (event) => {
      if (event.key === STORAGE_KEYS.root || event.key === null) rehydrate();
    });
  }

  return store;
}

/** Takes from a stored slice only the known keys whose type matches the initial value. */
function restore<T extends Slice>(stored: unknown, initial: T, transient: Set<keyof T>): T {
  const result: Slice = { ...initial };
  if (!stored || typeof stored !== 'object') return result as T;
  for (const [key, fallback] of Object.entries(initial)) {
    if (transient.has(key)) continue;
    const value = (stored as Slice)[key];
    if (value === undefined) continue;
    if (value === null || fallback === null || typeof value === typeof fallback) {
      result[key] = value;
    }
  }
  return result as T;
}

function readRoot(): Slice {
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.root);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return parsed && typeof parsed === 'object' ? (parsed as Slice) : {};
  } catch {
    return {};
  }
}

function writeRoot(root: Slice): void {
  try {
    localStorage.setItem(STORAGE_KEYS.root, JSON.stringify(root));
  } catch {
    // Storage full or disabled (private mode): the in-memory state still works for this tab.
  }
}
