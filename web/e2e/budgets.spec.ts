import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page, Response } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, keepScreenshot, signInAs } from './support';

/**
 * Download budgets (issue 15), measured in Chromium over the wire on the real server: the
 * compressed bytes of every script the page fetched (the body as transferred, after brotli or
 * gzip), from the responses themselves. A fresh browser context each time (nothing cached) and no
 * service worker (its precache would fetch every chunk in the background).
 *
 * The login page may download at most 110 kB of JavaScript, /home for the signed-in demo player
 * 170 kB; no player page downloads a chunk that only academy or admin pages use. The static view
 * of the same numbers per route: `npx tsx scripts/web-report.ts`.
 */
const KB = 1000;
const LOGIN_BUDGET = 110 * KB;
const HOME_BUDGET = 170 * KB;
const PLAYER = 'player@touchline.test';
/**
 * The states/LGA test signs in as another demo player: sign-ins are limited per address (20 per
 * 15 minutes for /api/login and for /api/token/), and the journeys of both projects already sign
 * the demo player in close to that many times.
 */
const LGA_PLAYER = 'emeka@touchline.test';

test.use({ serviceWorkers: 'block' });

type Script = { url: string; bytes: number; encoding: string };

/** Records every script response of `page` with its compressed body size. */
function recordScripts(page: Page): () => Promise<Script[]> {
  const responses: Response[] = [];
  page.on('response', (response) => {
    // Our own scripts: Google's sign-in client (a third party, loaded on demand) is not ours to
    // budget.
    const sameOrigin =
      new URL(response.url()).origin === new URL(String(test.info().project.use.baseURL)).origin;
    if (response.request().resourceType() === 'script' && sameOrigin) responses.push(response);
  });
  return async () =>
    Promise.all(
      responses.map(async (response) => {
        await response.finished();
        const sizes = await response.request().sizes();
        const headers = await response.allHeaders();
        return {
          url: new URL(response.url()).pathname,
          bytes: sizes.responseBodySize,
          encoding: headers['content-encoding'] ?? 'identity',
        };
      }),
    );
}

const total = (scripts: Script[]) => scripts.reduce((sum, script) => sum + script.bytes, 0);
const describe = (scripts: Script[]) =>
  scripts
    .map((script) => `${script.url} ${(script.bytes / KB).toFixed(1)} kB ${script.encoding}`)
    .join('\n');

/**
 * The chunk files only academy or admin code needs, from the build's Vite manifest: everything the
 * academy and admin pages (and the admin frame) import, less what the entry or any other page
 * imports too.
 */
function otherRolesOnlyChunks(): Set<string> {
  type Chunk = { file: string; imports?: string[]; isEntry?: boolean };
  const manifestFile = path.resolve(import.meta.dirname, '../dist/.vite/manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, Chunk>;
  const closure = (key: string, into: Set<string>): Set<string> => {
    const chunk = manifest[key];
    if (into.has(key) || !chunk) return into;
    into.add(key);
    for (const imported of chunk.imports ?? []) closure(imported, into);
    return into;
  };
  const otherRole =
    /^src\/app\/(pages\/(admin|academy)\/|pages\/home\/academy-home-page|admin-area-frame)/;
  const theirs = new Set<string>();
  const ours = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) {
    if (otherRole.test(key)) closure(key, theirs);
    else if (chunk.isEntry || key.startsWith('src/app/')) closure(key, ours);
  }
  return new Set(
    [...theirs].filter((key) => !ours.has(key)).map((key) => `/${manifest[key]!.file}`),
  );
}

/**
 * The chunk of the states/LGA table (`web/src/lib/location-data.ts`, with the schemas that check a
 * state/LGA pair), from the build's Vite manifest. It must be a lazily loaded chunk of its own:
 * no chunk imports it statically.
 */
function locationsChunk(): string {
  type Chunk = { file: string; imports?: string[]; isDynamicEntry?: boolean };
  const manifestFile = path.resolve(import.meta.dirname, '../dist/.vite/manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, Chunk>;
  const key = 'src/lib/location-data.ts';
  const chunk = manifest[key];
  expect(chunk?.isDynamicEntry, `${key} is a lazily loaded chunk`).toBe(true);
  const staticImporters = Object.entries(manifest)
    .filter(([, other]) => other.imports?.includes(key))
    .map(([name]) => name);
  expect(staticImporters, `chunks importing ${key} statically`).toEqual([]);
  return `/${chunk!.file}`;
}

/** Waits until the page stopped fetching (its lazy chunks and first data are in). */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
}

test('the login page downloads at most 110 kB of JavaScript, compressed', async ({
  page,
}, testInfo) => {
  const scripts = recordScripts(page);
  await page.goto('/');
  await expect(page.getByRole('form', { name: 'Log in' })).toBeVisible();
  await settle(page);
  const loaded = await scripts();
  const bytes = total(loaded);
  testInfo.annotations.push({ type: 'login JS', description: `${(bytes / KB).toFixed(1)} kB` });
  console.log(`login page: ${(bytes / KB).toFixed(1)} kB of JavaScript\n${describe(loaded)}`);
  expect(loaded.length).toBeGreaterThan(0);
  // Precompressed at build (files under 512 bytes are sent as they are).
  for (const script of loaded.filter((script) => script.bytes > 600)) {
    expect(script.encoding, script.url).toMatch(/^(br|gzip)$/);
  }
  expect(bytes, describe(loaded)).toBeLessThanOrEqual(LOGIN_BUDGET);
  await keepScreenshot(page, testInfo, 'budget-login');
});

test('/home downloads at most 170 kB of JavaScript for the signed-in demo player', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  // Sign in through the login page, then open /home afresh (a new tab of a new context with the
  // session the login stored): what a returning player downloads.
  await page.goto('/');
  await page.getByLabel('Email').fill(PLAYER);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: /log in/i }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/home');
  const storage = await page.context().storageState();

  const context = await browser.newContext({
    storageState: storage,
    serviceWorkers: 'block',
    viewport: { width: 1280, height: 800 },
  });
  const home = await context.newPage();
  const scripts = recordScripts(home);
  await home.goto('/home');
  await expect(home.getByTestId('app-frame')).toBeVisible();
  await settle(home);
  const loaded = await scripts();
  const bytes = total(loaded);
  testInfo.annotations.push({ type: 'home JS', description: `${(bytes / KB).toFixed(1)} kB` });
  console.log(`/home: ${(bytes / KB).toFixed(1)} kB of JavaScript\n${describe(loaded)}`);
  expect(bytes, describe(loaded)).toBeLessThanOrEqual(HOME_BUDGET);
  await keepScreenshot(home, testInfo, 'budget-home', { fullPage: false });

  await context.close();
});

test("the player's pages never download a chunk only academy or admin pages use", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const foreign = otherRolesOnlyChunks();
  expect(foreign.size).toBeGreaterThan(0);
  await signInAs(page, request, PLAYER, 'player');
  const seen = new Set<string>();
  for (const pathname of ['/home', '/list_trials', '/friends', '/profile', '/chat', '/search']) {
    const scripts = recordScripts(page);
    await page.goto(pathname);
    await expect(page.getByTestId('app-frame')).toBeVisible();
    await settle(page);
    for (const script of await scripts()) seen.add(script.url);
  }
  expect(seen.size).toBeGreaterThan(0);
  const leaked = [...seen].filter((url) => foreign.has(url));
  expect(leaked, 'academy/admin chunks loaded by player pages').toEqual([]);
});

test('the states/LGA table downloads only with the forms that show a state and an LGA', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const table = locationsChunk();
  const urlsOf = async (pathname: string, ready: () => Promise<void>) => {
    const scripts = recordScripts(page);
    await page.goto(pathname);
    await ready();
    await settle(page);
    return (await scripts()).map((script) => script.url);
  };

  // Signed out: the login page never; the signup page loads it while step 1 is filled in.
  const login = await urlsOf('/', () =>
    expect(page.getByRole('form', { name: 'Log in' })).toBeVisible(),
  );
  expect(login).not.toContain(table);
  // Waited for, not looked up after the network went quiet: on a busy machine the page can be
  // quiet for 500 ms before the form mounts and asks for the table.
  const tableLoaded = () =>
    page.waitForResponse((response) => new URL(response.url()).pathname === table, {
      timeout: 30_000,
    });
  const signupTable = tableLoaded();
  await page.goto('/signup');
  await expect(page.getByRole('button', { name: 'Next' })).toBeVisible();
  await signupTable;

  // Signed in: /home, the trial list (its State filter needs only the names) and one's own
  // profile do not; opening the profile's edit form does.
  await signInAs(page, request, LGA_PLAYER, 'player');
  for (const pathname of ['/home', '/list_trials', '/profile']) {
    const urls = await urlsOf(pathname, () => expect(page.getByTestId('app-frame')).toBeVisible());
    expect(urls, pathname).not.toContain(table);
  }
  const editTable = tableLoaded();
  await page.getByRole('button', { name: 'Edit profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit profile' });
  await expect(dialog.getByLabel('LGA')).toBeEnabled();
  await editTable;
});
