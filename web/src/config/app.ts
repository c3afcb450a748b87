/** Front-end constants that are not part of the shared contract. */
export const APP_NAME = 'Touchline';

/** Every API call goes through the same origin; the dev server proxies it to the API. */
export const API_BASE_PATH = '/api/';

/** Keys in localStorage and sessionStorage (spec §3 fixes access, refresh, role, user and root). */
export const STORAGE_KEYS = {
  access: 'access',
  refresh: 'refresh',
  role: 'role',
  user: 'user',
  /** Persisted UI and session slices, as one JSON object: `{ auth, admin }`. */
  root: 'root',
  /** sessionStorage: last realtime sequence number seen, per user (`<prefix><userId>`). */
  realtimeSeqPrefix: 'touchline:realtime-seq:',
} as const;

/** How often the development mailbox page re-reads the mailbox. */
export const DEV_MAILBOX_REFRESH_MS = 3000;
