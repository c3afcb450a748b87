import { createSign, randomUUID } from 'node:crypto';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { expect } from '@playwright/test';

/** Helpers of the authentication journeys: fresh accounts, mailbox codes, Google ID tokens. */

export const STRONG_PASSWORD = 'Goal#2026';

/** A date `years` before today (UTC is close enough for ages well inside the limits). */
export function yearsAgo(years: number): string {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return date.toISOString().slice(0, 10);
}

/** An address no other journey or project uses. */
export function uniqueEmail(prefix: string, testInfo: TestInfo): string {
  const tag = `${testInfo.project.name}-${Date.now().toString(36)}-${randomUUID().slice(0, 6)}`;
  return `${prefix}.${tag}@example.test`;
}

type Mail = { subject: string; text: string; created_at: string };

/**
 * The newest 6-digit code e-mailed to `email` for a purpose, polling the development mailbox (the
 * e-mail job runs after the request answers). `skip` lists codes already used.
 */
export async function readCode(
  request: APIRequestContext,
  email: string,
  purpose: 'verify' | 'reset' = 'verify',
  skip: readonly string[] = [],
): Promise<string> {
  const subject = purpose === 'verify' ? 'verification code' : 'password reset code';
  let found: string | null = null;
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/dev/mailbox', { params: { to: email } });
        if (!response.ok()) return null;
        const { messages } = (await response.json()) as { messages: Mail[] };
        const codes = messages
          .filter((mail) => mail.subject.toLowerCase().includes(subject))
          .sort((a, b) => b.created_at.localeCompare(a.created_at))
          .map((mail) => /\b(\d{6})\b/.exec(mail.text)?.[1])
          .filter((code): code is string => Boolean(code) && !skip.includes(code!));
        found = codes[0] ?? null;
        return found;
      },
      { message: `a ${purpose} code e-mailed to ${email}`, timeout: 15_000 },
    )
    .not.toBeNull();
  return found!;
}

/**
 * Signs a player up through the API (no screen): 20 unless told, verified unless told otherwise.
 * A player under 18 gives a guardian's e-mail (`guardian.` before theirs unless told) and waits
 * for consent (supplement §14).
 */
export async function createPlayer(
  request: APIRequestContext,
  account: {
    name: string;
    email: string;
    password?: string;
    verified?: boolean;
    dob?: string;
    guardianEmail?: string;
  },
): Promise<void> {
  const dob = account.dob ?? yearsAgo(20);
  const minor = dob > yearsAgo(18);
  const signup = await request.post('/api/signup', {
    multipart: {
      username: account.name,
      email: account.email,
      dob,
      ...(minor ? { guardian_email: account.guardianEmail ?? `guardian.${account.email}` } : {}),
      password: account.password ?? STRONG_PASSWORD,
      state: 'Lagos',
      district: 'Ikeja',
      sport: 'football',
      customSport: '',
      is_academy: 'false',
    },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  if (account.verified === false) return;
  const otp = await readCode(request, account.email);
  const verify = await request.put('/api/otp_verification', {
    data: { email: account.email, otp },
  });
  expect(verify.ok(), await verify.text()).toBe(true);
}

/** `POST /api/login` then `POST /api/token/`, as the web does. */
export async function apiSignIn(
  request: APIRequestContext,
  email: string,
  password: string,
  area: { is_academy?: boolean; is_admin?: boolean; is_guardian?: boolean } = {},
): Promise<{ user_id: string; access: string; refresh: string }> {
  const data = { email, password, is_academy: area.is_academy ?? false, ...area };
  const login = await request.post('/api/login', { data });
  expect(login.ok(), await login.text()).toBe(true);
  const token = await request.post('/api/token/', { data });
  expect(token.ok(), await token.text()).toBe(true);
  const { user_id } = (await login.json()) as { user_id: string };
  return { user_id, ...((await token.json()) as { access: string; refresh: string }) };
}

/** Types a code into the six boxes by pasting it into the first one. */
export async function enterCode(page: Page, code: string): Promise<void> {
  const first = page.getByRole('textbox', { name: 'Digit 1' });
  await first.click();
  for (const digit of code) await page.keyboard.press(digit);
  await expect(page.getByRole('textbox', { name: 'Digit 6' })).toHaveValue(code[5]!);
}

/** The log-in form of the page: e-mail, password, submit. */
export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

const b64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An RS256 ID token as Google would issue it, signed with the key global-setup generated. */
export function googleIdToken(claims: Record<string, unknown>): string {
  const privateKey = process.env.E2E_GOOGLE_PRIVATE_KEY;
  const kid = process.env.E2E_GOOGLE_KID;
  if (!privateKey || !kid) throw new Error('No Google test key: global-setup did not run');
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    iss: 'https://accounts.google.com',
    aud: process.env.E2E_GOOGLE_CLIENT_ID,
    email_verified: true,
    iat: now,
    exp: now + 3600,
    ...claims,
  };
  const input = `${b64url({ alg: 'RS256', kid, typ: 'JWT' })}.${b64url(payload)}`;
  const signature = createSign('RSA-SHA256').update(input).sign(privateKey).toString('base64url');
  return `${input}.${signature}`;
}

/**
 * Google's script replaced by a stub: `renderButton` draws a button that hands `credential` to
 * the callback the page registered with `initialize`.
 */
export async function stubGoogleScript(page: Page, credential: string): Promise<void> {
  const script = `
    (function () {
      var registered = null;
      window.google = { accounts: { id: {
        initialize: function (config) { registered = config; },
        renderButton: function (parent) {
          var button = document.createElement('button');
          button.type = 'button';
          button.textContent = 'Continue with Google';
          button.style.cssText = 'width:100%;padding:10px;border:1px solid #dadce0;border-radius:6px;background:#fff;font:500 14px sans-serif;color:#3c4043';
          button.addEventListener('click', function () {
            registered.callback({ credential: ${JSON.stringify(credential)} });
          });
          parent.appendChild(button);
        }
      } } };
    })();`;
  await page.route('https://accounts.google.com/gsi/client', (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: script }),
  );
}
