import { describe, expect, it } from 'vitest';
import { YOUR_DATA_MESSAGES } from '@touchline/shared';
import {
  decideConfirmation,
  decideDeletion,
  decideDownload,
  nextExportAt,
} from './your-data.rules';

const NOW = new Date('2026-11-20T12:00:00Z');
const HOUR = 3600_000;

describe('your-data rules', () => {
  it('one export a day, counted from the last one asked for', () => {
    expect(nextExportAt(null, NOW)).toBeNull();
    const last = { createdAt: new Date(NOW.getTime() - 23 * HOUR) };
    expect(nextExportAt(last, NOW)).toEqual(new Date(NOW.getTime() + HOUR));
    expect(nextExportAt({ createdAt: new Date(NOW.getTime() - 24 * HOUR) }, NOW)).toBeNull();
  });

  it('downloads only a ready export inside its 7 days', () => {
    const ready = { status: 'ready', storageKey: 'k', expiresAt: new Date(NOW.getTime() + 1) };
    expect(decideDownload(ready, NOW)).toBe('file');
    expect(decideDownload({ ...ready, expiresAt: NOW }, NOW)).toBe('expired');
    expect(decideDownload({ ...ready, status: 'expired', storageKey: null }, NOW)).toBe('expired');
    expect(decideDownload({ ...ready, status: 'pending', storageKey: null }, NOW)).toBe(
      'not_ready',
    );
    expect(decideDownload({ ...ready, status: 'failed' }, NOW)).toBe('failed');
    expect(decideDownload(null, NOW)).toBe('not_found');
  });

  it('a password account confirms with its password; a Google one with a fresh sign-in of itself', () => {
    const password = { hasPassword: true, googleSub: null, google: null, now: NOW };
    expect(decideConfirmation({ ...password, passwordMatches: true }).ok).toBe(true);
    expect(decideConfirmation({ ...password, passwordMatches: false }).message).toBe(
      YOUR_DATA_MESSAGES.passwordWrong,
    );
    expect(decideConfirmation({ ...password, passwordMatches: null }).missing).toBe(true);

    const google = { hasPassword: false, googleSub: 'g1', passwordMatches: null, now: NOW };
    const at = (minutesAgo: number) => new Date(NOW.getTime() - minutesAgo * 60_000);
    expect(decideConfirmation({ ...google, google: { sub: 'g1', issuedAt: at(4) } }).ok).toBe(true);
    expect(decideConfirmation({ ...google, google: { sub: 'g1', issuedAt: at(6) } }).message).toBe(
      YOUR_DATA_MESSAGES.googleStale,
    );
    expect(decideConfirmation({ ...google, google: { sub: 'g2', issuedAt: at(1) } }).message).toBe(
      YOUR_DATA_MESSAGES.googleMismatch,
    );
    expect(decideConfirmation({ ...google, google: 'invalid' }).ok).toBe(false);
    expect(decideConfirmation({ ...google, google: null }).missing).toBe(true);
  });

  it('the last administrator stays', () => {
    expect(decideDeletion({ role: 'admin', otherActiveAdmins: 0 })).toBe('last_admin');
    expect(decideDeletion({ role: 'admin', otherActiveAdmins: 1 })).toBe('ok');
    expect(decideDeletion({ role: 'player', otherActiveAdmins: 0 })).toBe('ok');
  });
});
