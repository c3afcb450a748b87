import type { Role } from '@touchline/shared';
import { ROLES } from '@touchline/shared';
import { STORAGE_KEYS } from '@/config/app';
import { persistedProxy } from './persist';
import { getRefreshToken, storeTokens, write } from './tokens';

/**
 * The signed-in user (spec §3), shared by the router guards, the API client, the realtime client
 * and every feature. Persisted under `root.auth`; the tokens and the role and user name also have
 * their own localStorage keys (`access`, `refresh`, `role`, `user`).
 */
export type SessionState = {
  /** User name (the specification calls it `user`). */
  user: string | null;
  role: Role | null;
  dob: string | null;
  profile_photo: string | null;
  user_id: string | null;
  /**
   * The OTP page may be used (set after signup or a 403 login). The specification's loading flag,
   * error and message of the auth state are the login, signup and logout mutations' own state
   * (decision 19): they are read from the mutation, never copied here.
   */
  is_access: boolean;
};

/** A login (or Google) answer plus the tokens from `api/token/`. */
export type SessionInput = {
  user: string;
  role: Role;
  user_id: string | number;
  dob?: string | null;
  profile_photo?: string | null;
  access: string;
  refresh: string;
};

const signedOut: SessionState = {
  user: null,
  role: null,
  dob: null,
  profile_photo: null,
  user_id: null,
  is_access: false,
};

export const session = persistedProxy<SessionState>('auth', signedOut, {
  // A role without a refresh token cannot make a single call: treat it as signed out.
  accept: (restored) => {
    const valid = restored.role !== null && isRole(restored.role) && getRefreshToken() !== null;
    return valid ? restored : { ...restored, ...userFields(signedOut) };
  },
});

export function setSession(input: SessionInput): void {
  storeTokens({ access: input.access, refresh: input.refresh });
  write(STORAGE_KEYS.role, input.role);
  write(STORAGE_KEYS.user, input.user);
  Object.assign(session, {
    user: input.user,
    role: input.role,
    dob: input.dob ?? null,
    profile_photo: input.profile_photo ?? null,
    user_id: String(input.user_id),
  });
}

/** Signs out locally: removes the tokens and the stored user, resets the whole auth state. */
export function clearSession(): void {
  clearStoredCredentials();
  Object.assign(session, signedOut);
}

/** Removes the tokens, role and user keys without touching the in-memory state. */
export function clearStoredCredentials(): void {
  for (const key of [
    STORAGE_KEYS.access,
    STORAGE_KEYS.refresh,
    STORAGE_KEYS.role,
    STORAGE_KEYS.user,
  ]) {
    write(key, null);
  }
}

export function toggleAccess(): void {
  session.is_access = !session.is_access;
}

export function setProfilePhoto(url: string | null): void {
  session.profile_photo = url;
}

export function isSignedIn(): boolean {
  return session.role !== null;
}

function userFields(state: SessionState) {
  const { user, role, dob, profile_photo, user_id } = state;
  return { user, role, dob, profile_photo, user_id };
}

function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}
