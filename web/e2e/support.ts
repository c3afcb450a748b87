import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Browser, Page, TestInfo } from '@playwright/test';
import { expect } from '@playwright/test';
import { expectAccessible } from './a11y';

const screenshotDir = path.resolve(import.meta.dirname, '../test-results/screenshots');

/**
 * The view a journey runs in, `desktop` or `phone`, whichever of the view's two projects runs it
 * (playwright.config.ts).
 */
export function viewOf(testInfo: TestInfo): 'desktop' | 'phone' {
  return (testInfo.project.metadata as { view?: string }).view === 'phone' ? 'phone' : 'desktop';
}

/**
 * Keeps a screenshot of a journey: test-results/screenshots/<name>-<project>.png. Full page by
 * default; `fullPage: false` keeps what the viewport shows (a full-page capture draws bars fixed to
 * the bottom of the screen in the middle of a long page).
 *
 * A kept screen is a screen the journey reached in a state worth seeing, so it is also where axe
 * runs (e2e/a11y.ts, once per screen name): a serious or critical violation fails the journey at
 * its end. `axe: false` only for a screen that is not ours (none so far).
 */
export async function keepScreenshot(
  page: Page,
  testInfo: TestInfo,
  name: string,
  { fullPage = true, axe = true }: { fullPage?: boolean; axe?: boolean } = {},
) {
  mkdirSync(screenshotDir, { recursive: true });
  const file = path.join(screenshotDir, `${name}-${viewOf(testInfo)}.png`);
  await page.screenshot({ path: file, fullPage, animations: 'disabled' });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
  if (axe) await expectAccessible(page, testInfo, name);
}

/** The demo world's password (services/api/src/seed/demo.ts). */
export const DEMO_PASSWORD = 'Touchline@2026';

export type SignInRole = 'player' | 'academy' | 'admin';

type LoginAnswer = {
  user: string;
  role: SignInRole;
  dob: string | null;
  user_id: string;
  profile_photo: string | null;
  notification_count: number;
  message: string;
};

/**
 * Signs `page` in as a demo account (or any account, given its password) without the login screen: `POST /api/login` and
 * `POST /api/token/` through Playwright's request, then the session written into localStorage
 * the way the shell's session store keeps it (`access`, `refresh`, `role`, `user` and
 * `root.auth`), before the app's scripts run. It is written once per tab, so a reload after a
 * logout stays signed out. Answers the login answer (name, user id…).
 */
export async function signInAs(
  page: Page,
  request: APIRequestContext,
  email: string,
  role: SignInRole,
  password = DEMO_PASSWORD,
): Promise<LoginAnswer & { access: string }> {
  const credentials = {
    email,
    password,
    is_academy: role === 'academy',
    ...(role === 'admin' ? { is_admin: true } : {}),
  };
  const login = await request.post('/api/login', { data: credentials });
  expect(login.ok(), `POST /api/login as ${email}: ${login.status()}`).toBe(true);
  const answer = (await login.json()) as LoginAnswer;
  const token = await request.post('/api/token/', { data: credentials });
  expect(token.ok(), `POST /api/token/ as ${email}: ${token.status()}`).toBe(true);
  const tokens = (await token.json()) as { access: string; refresh: string };

  const auth = {
    user: answer.user,
    role: answer.role,
    dob: answer.dob,
    profile_photo: answer.profile_photo,
    notification_count: answer.notification_count,
    user_id: answer.user_id,
    error: null,
    message: answer.message,
    is_access: false,
  };
  await page.addInitScript(
    ({ auth, tokens }) => {
      const marker = 'e2e:signed-in';
      if (sessionStorage.getItem(marker)) return;
      sessionStorage.setItem(marker, '1');
      localStorage.setItem('access', tokens.access);
      localStorage.setItem('refresh', tokens.refresh);
      localStorage.setItem('role', auth.role);
      localStorage.setItem('user', auth.user);
      let root: Record<string, unknown>;
      try {
        root = JSON.parse(localStorage.getItem('root') ?? '{}') as Record<string, unknown>;
      } catch {
        root = {};
      }
      localStorage.setItem('root', JSON.stringify({ ...root, auth }));
    },
    { auth, tokens },
  );
  // The access token too, for calls made on the user's behalf outside the browser (a second
  // sign-in would spend the address's sign-in budget).
  return { ...answer, access: tokens.access };
}

/** A second (or third) browser window with the project's viewport and device. */
export async function openWindow(browser: Browser, testInfo: TestInfo): Promise<Page> {
  const { viewport, isMobile, hasTouch, userAgent, deviceScaleFactor, baseURL } =
    testInfo.project.use;
  const context = await browser.newContext({
    viewport,
    isMobile,
    hasTouch,
    userAgent,
    deviceScaleFactor,
    baseURL,
  });
  return context.newPage();
}
