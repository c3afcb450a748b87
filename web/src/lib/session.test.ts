import { describe, expect, it, vi } from 'vitest';
import { clearSession, session, setProfilePhoto, setSession, toggleAccess } from './session';

const login = {
  user: 'Ada',
  role: 'player' as const,
  user_id: 17,
  dob: '2004-05-01',
  profile_photo: '/media/ada.webp',
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
    expect(storedRoot().auth).toMatchObject({ user: 'Ada', role: 'player', user_id: '17' });
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
    for (const key of ['access', 'refresh', 'role', 'user']) {
      expect(localStorage.getItem(key)).toBeNull();
    }
    expect(storedRoot().auth?.role).toBeNull();
  });
});

describe('rehydration at start', () => {
  async function freshStores() {
    vi.resetModules();
    const { session: restored } = await import('./session');
    const { adminUi } = await import('./admin-ui');
    return { restored, adminUi };
  }

  it('restores the signed-in user synchronously from root', async () => {
    localStorage.setItem('refresh', 'refresh-1');
    localStorage.setItem(
      'root',
      JSON.stringify({
        auth: { user: 'Ada', role: 'academy', user_id: '5', loading: true },
        admin: { sidebarOpen: false },
      }),
    );
    const { restored, adminUi } = await freshStores();
    expect(restored).toMatchObject({ user: 'Ada', role: 'academy', user_id: '5' });
    // A request status stored by an older version is not state any more: it is not restored.
    expect(restored).not.toHaveProperty('loading');
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
    restored.profile_photo = '/media/a.webp';
    expect(storedRoot()).toMatchObject({
      auth: { profile_photo: '/media/a.webp' },
      admin: { sidebarOpen: false },
    });
  });
});
