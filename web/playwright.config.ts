import { defineConfig, devices } from '@playwright/test';

/**
 * Browser journeys against the real server on its embedded defaults (see e2e/global-setup.ts).
 * Debian's Chromium only: a browser is never downloaded.
 */
const chromium = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results/artifacts',
  globalSetup: './e2e/global-setup.ts',
  globalTeardown: './e2e/global-teardown.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: './test-results/e2e.json' }]],
  use: {
    // Set by the global setup (the port is picked at start); workers inherit it.
    baseURL: process.env.E2E_BASE_URL,
    launchOptions: chromium,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'desktop',
      use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'phone',
      // The download budgets are measured once, by the desktop project.
      testIgnore: /budgets\.spec\.ts/,
      use: {
        browserName: 'chromium',
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
        userAgent: devices['iPhone 13']?.userAgent,
      },
    },
  ],
});
