import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { clearSession } from '@/lib/session';
import { FakeWebSocket } from './fake-websocket';

// The browser's WebSocket is the process edge: the app's realtime client gets a fake.
vi.stubGlobal('WebSocket', FakeWebSocket);

// On a busy machine a lazy route can take well over a second to load: every findBy…/waitFor waits
// up to 10 s for its condition (it still returns as soon as the condition holds).
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  clearSession();
  localStorage.clear();
  sessionStorage.clear();
  FakeWebSocket.instances = [];
  window.history.replaceState(null, '', '/');
});
