import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { clearSession } from '../lib/session';
import { FakeWebSocket } from './fake-websocket';

// The browser's WebSocket is the process edge: the app's realtime client gets a fake.
vi.stubGlobal('WebSocket', FakeWebSocket);

afterEach(() => {
  cleanup();
  clearSession();
  localStorage.clear();
  sessionStorage.clear();
  FakeWebSocket.instances = [];
  window.history.replaceState(null, '', '/');
});
