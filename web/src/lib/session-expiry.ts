import {
  ERROR_CODES,
  GUARDIAN_ERRORS,
  GUARDIAN_MESSAGES,
  MESSAGES,
  TIMINGS,
  YOUR_DATA_ERRORS,
  YOUR_DATA_MESSAGES,
} from '@touchline/shared';
import { navigate } from 'wouter/use-browser-location';
import { clearSession, clearStoredCredentials } from './session';
import { showNotice } from './toast';

let redirectTimer: ReturnType<typeof setTimeout> | null = null;

/** The app installs its `signOut()` here (`AppProviders`); until then only the session goes. */
let endSession: () => void = clearSession;

export function setSessionEnd(handler: () => void): void {
  endSession = handler;
}

/**
 * Ends a session the server no longer accepts (spec §8): the stored credentials go at once, an
 * error toast explains why, and after 1.5 s the app signs out (`signOut()`: socket, session and
 * query cache) and the page goes to `/`. Until then the current page stays, so the user can read
 * the toast. Runs once however many requests or sockets notice the failure together.
 */
export function expireSession(code?: string | null): void {
  if (redirectTimer !== null) return;
  clearStoredCredentials();
  showNotice(
    code === ERROR_CODES.userInactive
      ? MESSAGES.accountBlocked
      : code === YOUR_DATA_ERRORS.accountDeleted
        ? YOUR_DATA_MESSAGES.deleted
        : code === GUARDIAN_ERRORS.accountFrozen
          ? GUARDIAN_MESSAGES.accountFrozen
          : MESSAGES.sessionExpired,
    'error',
  );
  redirectTimer = setTimeout(() => {
    redirectTimer = null;
    endSession();
    navigate('/', { replace: true });
  }, TIMINGS.sessionFailureRedirectMs);
}
