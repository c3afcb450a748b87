import { STORAGE_KEYS } from '@/config/app';

/** The access and refresh tokens live in their own localStorage keys (spec §3). */
export type Tokens = { access: string; refresh: string };

export function getAccessToken(): string | null {
  return read(STORAGE_KEYS.access);
}

export function getRefreshToken(): string | null {
  return read(STORAGE_KEYS.refresh);
}

/** Refresh tokens rotate: every refresh answer replaces both. */
export function storeTokens(tokens: Tokens): void {
  write(STORAGE_KEYS.access, tokens.access);
  write(STORAGE_KEYS.refresh, tokens.refresh);
}

/**
 * Whether a JWT's `exp` has passed (with a little slack for clock skew). A token that cannot be
 * decoded counts as not expired: the server decides.
 */
export function isTokenExpired(token: string, now = Date.now(), skewSeconds = 10): boolean {
  const payload = token.split('.')[1];
  if (!payload) return false;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const claims: unknown = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')));
    const exp = claims && typeof claims === 'object' ? (claims as { exp?: unknown }).exp : null;
    return typeof exp === 'number' && exp * 1000 <= now + skewSeconds * 1000;
  } catch {
    return false;
  }
}

export function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage disabled: the session lasts as long as the tab.
  }
}
