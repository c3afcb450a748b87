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

/**
 * Each project has its own server (global-setup.ts starts one per project, each with its own data
 * directory), so the desktop and phone journeys run side by side, one file at a time per project:
 * a journey never meets the other project's changes to the demo world, nor its sign-ins. Against
 * a server given in E2E_BASE_URL both projects share that one server, so they run one after the
 * other.
 */
const external = process.env.E2E_BASE_URL;
/** The base URL of a project's own server, set by global-setup.ts (workers inherit it). */
function projectBaseUrl(project: string): string | undefined {
  return external ?? process.env[`E2E_BASE_URL_${project.toUpperCase()}`];
}

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results/artifacts',
  globalSetup: './e2e/global-setup.ts',
  globalTeardown: './e2e/global-teardown.ts',
  fullyParallel: false,
  workers: external ? 1 : 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: './test-results/e2e.json' }]],
  use: {
    launchOptions: chromium,
    // Recording a trace means a screencast of every test: it cost more CPU than the journeys
    // themselves (docs/testing.md "Browser journeys"). E2E_TRACE=1 keeps one for each failure.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'desktop',
      workers: 1,
      use: {
        baseURL: projectBaseUrl('desktop'),
        browserName: 'chromium',
        viewport: { width: 1280, height: 800 },
      },
    },
    {
      name: 'phone',
      workers: 1,
      // The download budgets are measured once, by the desktop project.
      testIgnore: /budgets\.spec\.ts/,
      use: {
        baseURL: projectBaseUrl('phone'),
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
