import { describe, expect, it, vi } from 'vitest';
import {
  changeNotificationCount,
  clearSession,
  session,
  setNotificationCount,
  setProfilePhoto,
  setSession,
  toggleAccess,
} from './session';

const login = {
  user: 'Ada',
  role: 'player' as const,
  user_id: 17,
  dob: '2004-05-01',
  profile_photo: '/media/ada.webp',
  notification_count: 2,
  message: 'Login successful',
  access: 'access-1',
  refresh: 'refresh-1',
};

function storedRoot() {
  return JSON.parse(localStorage.getItem('root') ?? '{}') as {
    auth?: Record<string, unknown>;
    admin?: Record<string, unknown>;
  };
}

describe('session store', () => {
  it('stores the login answer, the tokens and the role and user keys', () => {
    setSession(login);
    expect(session).toMatchObject({
      user: 'Ada',
      role: 'player',
      user_id: '17',
      dob: '2004-05-01',
    });
    expect(localStorage.getItem('access')).toBe('access-1');
    expect(localStorage.getItem('refresh')).toBe('refresh-1');
    expect(localStorage.getItem('role')).toBe('player');
    expect(localStorage.getItem('user')).toBe('Ada');
    expect(storedRoot().auth).toMatchObject({ user: 'Ada', role: 'player', notification_count: 2 });
  });

  it('never lets the notification count go below 0, and persists it under root', () => {
    setSession(login);
    changeNotificationCount(1);
    expect(session.notification_count).toBe(3);
    changeNotificationCount(-10);
    expect(session.notification_count).toBe(0);
    expect(storedRoot().auth?.notification_count).toBe(0);
    setNotificationCount(-4);
    expect(session.notification_count).toBe(0);
    setNotificationCount(9);
    expect(storedRoot().auth?.notification_count).toBe(9);
  });

  it('toggles the OTP access flag and replaces the profile photo', () => {
    toggleAccess();
    expect(session.is_access).toBe(true);
    toggleAccess();
    expect(session.is_access).toBe(false);
    setProfilePhoto('/media/new.webp');
    expect(storedRoot().auth?.profile_photo).toBe('/media/new.webp');
  });

  it('forgets the user and every stored credential on clearSession', () => {
    setSession(login);
    clearSession();
    expect(session.role).toBeNull();
    expect(session.user_id).toBeNull();
    expect(session.notification_count).toBe(0);
    for (const key of ['access', 'refresh', 'role', 'user']) {
      expect(localStorage.getItem(key)).toBeNull();
    }
    expect(storedRoot().auth?.role).toBeNull();
  });

  it('does not persist the loading flag', () => {
    session.loading = true;
    expect(storedRoot().auth).not.toHaveProperty('loading');
    session.loading = false;
  });
});

describe('rehydration at start', () => {
  async function freshStores() {
    vi.resetModules();
    const { session: restored } = await import('./session');
    const { adminUi } = await import('../features/admin/stores/admin-ui');
    return { restored, adminUi };
  }

  it('restores the signed-in user synchronously from root', async () => {
    localStorage.setItem('refresh', 'refresh-1');
    localStorage.setItem(
      'root',
      JSON.stringify({
        auth: { user: 'Ada', role: 'academy', user_id: '5', notification_count: 4, loading: true },
        admin: { sidebarOpen: false },
      }),
    );
    const { restored, adminUi } = await freshStores();
    expect(restored).toMatchObject({ user: 'Ada', role: 'academy', notification_count: 4 });
    expect(restored.loading).toBe(false);
    expect(adminUi.sidebarOpen).toBe(false);
  });

  it('treats a stored role without a refresh token as signed out', async () => {
    localStorage.setItem('root', JSON.stringify({ auth: { user: 'Ada', role: 'player' } }));
    const { restored } = await freshStores();
    expect(restored.role).toBeNull();
    expect(restored.user).toBeNull();
  });

  it('keeps the admin sidebar flag next to the auth state under root', async () => {
    const { restored, adminUi } = await freshStores();
    adminUi.sidebarOpen = false;
    restored.notification_count = 1;
    expect(storedRoot()).toMatchObject({
      auth: { notification_count: 1 },
      admin: { sidebarOpen: false },
    });
  });
});
