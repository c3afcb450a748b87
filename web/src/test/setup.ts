import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { clearSession } from '@/lib/session';
import { FakeWebSocket } from './fake-websocket';

// The browser's WebSocket is the process edge: the app's realtime client gets a fake.
vi.stubGlobal('WebSocket', FakeWebSocket);

// On a busy machine a lazy route can take many seconds to load (the first test of a file, with
// its modules still being transformed, took over 10 s at a load average of 15–25): every
// findBy…/waitFor waits up to 30 s for its condition, and still returns as soon as it holds.
configure({ asyncUtilTimeout: 30_000 });

afterEach(() => {
  cleanup();
  clearSession();
  localStorage.clear();
  sessionStorage.clear();
  FakeWebSocket.instances = [];
  window.history.replaceState(null, '', '/');
});
