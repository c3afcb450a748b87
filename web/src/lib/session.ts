import type { Role } from '@touchline/shared';
import { ROLES } from '@touchline/shared';
import { STORAGE_KEYS } from '../config/app';
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
  /** Unread notifications, never below 0. */
  notification_count: number;
  user_id: string | null;
  /** Pending sign-up, login or logout (not persisted). */
  loading: boolean;
  error: string | null;
  message: string | null;
  /** The OTP page may be used (set after signup or a 403 login). */
  is_access: boolean;
};

/** A login (or Google) answer plus the tokens from `api/token/`. */
export type SessionInput = {
  user: string;
  role: Role;
  user_id: string | number;
  dob?: string | null;
  profile_photo?: string | null;
  notification_count?: number;
  message?: string | null;
  access: string;
  refresh: string;
};

const signedOut: SessionState = {
  user: null,
  role: null,
  dob: null,
  profile_photo: null,
  notification_count: 0,
  user_id: null,
  loading: false,
  error: null,
  message: null,
  is_access: false,
};

export const session = persistedProxy<SessionState>('auth', signedOut, {
  transient: ['loading'],
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
    notification_count: clampCount(input.notification_count ?? 0),
    user_id: String(input.user_id),
    message: input.message ?? null,
    loading: false,
    error: null,
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

/** Adds a signed delta to the unread count, never going below 0. */
export function changeNotificationCount(delta: number): void {
  session.notification_count = clampCount(session.notification_count + delta);
}

export function setNotificationCount(count: number): void {
  session.notification_count = clampCount(count);
}

export function toggleAccess(): void {
  session.is_access = !session.is_access;
}

export function setProfilePhoto(url: string | null): void {
  session.profile_photo = url;
}

/** Pending / fulfilled / rejected of signup, login and logout (spec §4). */
export function setAuthStatus(
  status: Partial<Pick<SessionState, 'loading' | 'error' | 'message'>>,
) {
  Object.assign(session, status);
}

export function isSignedIn(): boolean {
  return session.role !== null;
}

function userFields(state: SessionState) {
  const { user, role, dob, profile_photo, notification_count, user_id } = state;
  return { user, role, dob, profile_photo, notification_count, user_id };
}

function clampCount(count: number): number {
  return Number.isFinite(count) ? Math.max(0, Math.floor(count)) : 0;
}

function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}
