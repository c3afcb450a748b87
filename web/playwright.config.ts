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
 * directory), so projects run side by side, one file at a time per project: a journey never meets
 * another project's changes to the demo world, nor its sign-ins. Against a server given in
 * E2E_BASE_URL every project shares that one server, so they run one after the other.

 */
const external = process.env.E2E_BASE_URL;
/** The base URL of a project's own server, set by global-setup.ts (workers inherit it). */
function projectBaseUrl(project: string): string | undefined {
  return external ?? process.env[`E2E_BASE_URL_${project.toUpperCase()}`];
}

/**
 * `npm test` runs the journeys as several Playwright processes side by side (`--shard=i/n`, each
 * with its own two servers; scripts/test.ts): each names its own report and artefacts folder, as
 * Playwright empties the artefacts folder when it starts.
 */
const report = process.env.E2E_REPORT ?? './test-results/e2e.json';
const artifacts = process.env.E2E_OUTPUT_DIR ?? './test-results/artifacts';

/** The phone's journeys (see `phoneJourneys`). */
const PHONE_JOURNEYS = [
  'a11y',
  'admin',
  'admin-chat',
  'chat',
  'frame',
  'pwa',
  'shell',
  'trial-day',
].map((name) => `**/${name}.spec.ts`);

/**
 * Each view's journeys are two projects, each with its own server, so that both workers stay busy
 * to the end of a run: as one desktop and one phone project, the desktop's files (1,469 s) took
 * twice the phone's (768 s) and ran alone for the last half of the run (2026-11-29, 25.8 minutes
 * in all). Playwright runs the projects in the order below, at most one file of each at a time:
 * the two desktop halves side by side, then the two phone halves. These are the second halves'
 * files (each about half its view's time); `--project='desktop*'` runs a whole view.
 */
const DESKTOP_2_JOURNEYS = [
  'a11y',
  'admin',
  'auth',
  'chat',
  'guardians',
  'keyboard',
  'profile',
  'social',
].map((name) => `**/${name}.spec.ts`);
const PHONE_2_JOURNEYS = ['a11y', 'admin-chat', 'pwa'].map((name) => `**/${name}.spec.ts`);

const desktop = {
  browserName: 'chromium' as const,
  viewport: { width: 1280, height: 800 },
};
const phone = {
  browserName: 'chromium' as const,
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  userAgent: devices['iPhone 13']?.userAgent,
};
/**
 * The journeys are CPU-bound in Chromium (a phone page is drawn at twice the pixels), and on two
 * cores the whole set run twice did not fit CI's budget. The phone runs the journeys whose screens
 * change shape at phone width or matter most on a phone: the frame's tab bar, the shell, every
 * screen under axe (a11y, which opens every route at phone width), chat, administration's lists
 * and drawer, the installable app and trial day at the pitch. Push, a parent's consent and a
 * player's registration left the phone set on 2026-11-29, when CI ran out of its budget on a slow
 * machine again. The desktop runs every journey; E2E_PHONE_ALL=1 runs every one on the phone too
 * (the download budgets stay desktop-only).
 */
const phoneJourneys = process.env.E2E_PHONE_ALL === '1' ? ['**/*.spec.ts'] : PHONE_JOURNEYS;

/**
 * A view's two projects, `<view>` and `<view>-2`, each with its own server: the second runs the
 * `second` files, the first the rest of `first` (every spec file unless given) but `ignore`.
 */
function halves(
  view: 'desktop' | 'phone',
  use: typeof desktop | typeof phone,
  files: { first?: string[]; ignore?: RegExp[]; second: string[] },
) {
  const project = (name: string) => ({
    name,
    workers: 1,
    metadata: { view },
    use: { ...use, baseURL: projectBaseUrl(name) },
  });
  return [
    {
      ...project(view),
      ...(files.first ? { testMatch: files.first } : {}),
      testIgnore: [...(files.ignore ?? []), ...files.second],
    },
    { ...project(`${view}-2`), testMatch: files.second },
  ];
}

export default defineConfig({
  testDir: './e2e',
  outputDir: artifacts,
  globalSetup: './e2e/global-setup.ts',
  globalTeardown: './e2e/global-teardown.ts',
  fullyParallel: false,
  workers: external ? 1 : 2,
  retries: 0,
  // A journey's own budget: a multi-step sign-up took 34 s on a machine running at two-thirds of
  // its usual speed (2026-11-29), so 30 s failed a journey that was only slow. Waits stay on
  // conditions; this only bounds a journey that truly hangs.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: report }]],
  use: {
    launchOptions: chromium,
    // Recording a trace means a screencast of every test: it cost more CPU than the journeys
    // themselves (docs/testing.md "Browser journeys"). E2E_TRACE=1 keeps one for each failure.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    ...halves('desktop', desktop, { second: DESKTOP_2_JOURNEYS }),
    ...halves('phone', phone, {
      first: phoneJourneys,
      ignore: [/budgets\.spec\.ts/],
      second: PHONE_2_JOURNEYS,
    }),
  ],
});
