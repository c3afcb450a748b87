import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Well above the 10 s async-util timeout of setup.ts: a slow wait fails with its own message,
    // and a test of several waits on a busy machine (each one slow but in time) is not cut off.
    testTimeout: 60_000,
  },
});
