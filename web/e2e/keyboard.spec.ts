import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { STRONG_PASSWORD, readCode, uniqueEmail, yearsAgo } from './auth-support';
import { keepScreenshot } from './support';

/**
 * The keyboard-only journey (issue 28, item 5; docs/decisions.md §40): a new player signs up,
 * posts, registers for a free trial and messages its academy with Tab, Shift+Tab, typing, Enter,
 * Space, the arrow keys and Escape — never the mouse, never `fill` or `click`. Every control the
 * focus lands on shows it (an outline or a ring), and a dialog keeps the focus inside, closes on
 * Escape and gives the focus back to the button that opened it. `page.goto` stands for typing an
 * address into the browser.
 */

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** True when the focused element draws a visible indicator: an outline or a box-shadow ring. */
async function focusIndicator(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'nothing focused';
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const ring = style.boxShadow !== 'none' && style.boxShadow !== '';
    return outline || ring ? 'visible' : `no focus indicator on ${element.outerHTML.slice(0, 120)}`;
  });
}

/** Presses Tab (or Shift+Tab) until `target` has the focus; its focus must be visible. */
async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}) {
  await expect(target).toBeVisible();
  for (let presses = 0; presses < max; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) {
      expect(await focusIndicator(page)).toBe('visible');
      return;
    }
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`The focus never reached ${target.toString()} in ${max} presses`);
}

/** Tabs to a field and types into it. */
async function typeInto(page: Page, field: Locator, text: string) {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

/** Tabs to a select and picks `label` with the arrow keys (type-ahead depends on the platform). */
async function choose(page: Page, select: Locator, label: string) {
  await tabTo(page, select);
  const labels = await select.locator('option').allTextContents();
  const wanted = labels.indexOf(label);
  expect(wanted, `option '${label}' in ${labels.join(', ')}`).toBeGreaterThanOrEqual(0);
  const current = await select.evaluate((element) => (element as HTMLSelectElement).selectedIndex);
  const key = wanted > current ? 'ArrowDown' : 'ArrowUp';
  for (let i = 0; i < Math.abs(wanted - current); i += 1) await page.keyboard.press(key);
  await expect(select.locator('option:checked')).toHaveText(label);
}

/** A free, open trial of the demo academy (Lagos Stars) the new player can register for. */
async function freeTrialOfStars(request: APIRequestContext, access: string) {
  const answer = await request.get('/api/trial', {
    headers: bearer(access),
    params: { payment: 'free', search: 'Lagos Stars' },
  });
  expect(answer.ok()).toBe(true);
  const { trials } = (await answer.json()) as {
    trials: { id: string; name: string; academy_id?: string; user_id?: string }[];
  };
  expect(trials[0], 'a free open trial of Lagos Stars').toBeDefined();
  return trials[0]!;
}

test.describe('keyboard only', () => {
  test('a new player signs up, posts, registers for a free trial and messages the academy with the keyboard alone', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(180_000);
    const email = uniqueEmail('keys', testInfo);
    const name = 'Kayode Adeyemi';
    const run = `${testInfo.project.name}-${Date.now().toString(36)}`;

    await test.step('signs up and verifies the e-mail', async () => {
      await page.goto('/signup');
      await typeInto(page, page.getByLabel('Name'), name);
      await typeInto(page, page.getByLabel('Email'), email);
      // A date field takes its parts as typed digits (the page's locale is en-US: month first).
      const [year, month, day] = yearsAgo(20).split('-');
      await typeInto(page, page.getByLabel('Date of birth'), `${month}${day}${year}`);
      await typeInto(page, page.getByLabel('Password', { exact: true }), STRONG_PASSWORD);
      await tabTo(page, page.getByRole('button', { name: 'Next' }));
      await page.keyboard.press('Enter');

      await choose(page, page.getByLabel('State', { exact: true }), 'Lagos');
      await choose(page, page.getByLabel('LGA', { exact: true }), 'Ikeja');
      await choose(page, page.getByLabel('Interested sport'), 'Football');
      await tabTo(page, page.getByRole('button', { name: 'Submit' }));
      await page.keyboard.press('Enter');

      const done = page.getByRole('alertdialog', { name: 'Registration successful' });
      await expect(done).toBeVisible();
      // The dialog took the focus: Enter answers it.
      await expect(done.getByRole('button', { name: 'OK' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL((url) => url.pathname === '/otp_verification');

      const code = await readCode(request, email);
      await tabTo(page, page.getByRole('textbox', { name: 'Digit 1' }));
      await page.keyboard.type(code);
      await tabTo(page, page.getByRole('button', { name: 'Verify' }));
      await page.keyboard.press('Enter');
      await expect(page.getByText('Email verified successfully')).toBeVisible();
      await expect(page).toHaveURL((url) => url.pathname === '/');

      await typeInto(page, page.getByLabel('Email'), email);
      await typeInto(page, page.getByLabel('Password', { exact: true }), STRONG_PASSWORD);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL((url) => url.pathname === '/home');
    });

    const postText = `Keyboard-only first post (${run})`;
    await test.step('posts; the editor keeps the focus, closes on Escape and gives it back', async () => {
      await expect(page.getByRole('heading', { name: new RegExp(name) })).toBeVisible();
      const start = page.getByRole('button', { name: 'Start a post' });
      await tabTo(page, start);
      await page.keyboard.press('Enter');
      const editor = page.getByRole('dialog', { name: 'Create a post' });
      await expect(editor).toBeVisible();
      await expectFocusTrapped(page, editor);
      await page.keyboard.press('Escape');
      await expect(editor).toBeHidden();
      await expect(start).toBeFocused();

      await page.keyboard.press('Space');
      await expect(editor).toBeVisible();
      await tabTo(page, editor.getByLabel('Post text'));
      await page.keyboard.type(postText);
      await keepScreenshot(page, testInfo, 'keyboard-post-editor', { fullPage: false });
      await tabTo(page, editor.getByRole('button', { name: 'Post', exact: true }));
      await page.keyboard.press('Enter');
      await expect(editor).toBeHidden({ timeout: 20_000 });
      await expect(page.getByText(postText)).toBeVisible();
    });

    const token = await request.post('/api/token/', {
      data: { email, password: STRONG_PASSWORD, is_academy: false },
    });
    expect(token.ok()).toBe(true);
    const { access } = (await token.json()) as { access: string };
    const trial = await freeTrialOfStars(request, access);

    await test.step('registers for a free trial', async () => {
      await page.goto(`/trial_details/${trial.id}`);
      await expect(page.getByRole('heading', { level: 1, name: trial.name })).toBeVisible();
      await tabTo(page, page.getByRole('link', { name: 'Register', exact: true }));
      await page.keyboard.press('Enter');
      await expect(page.getByLabel('Full name')).toHaveValue(name);
      await typeInto(page, page.getByLabel('Phone number'), '08031234567');
      await choose(page, page.getByLabel('Level reached'), 'State');
      const questions = page.getByRole('form').getByRole('textbox');
      for (const question of await questions.all()) {
        if ((await question.inputValue()) === '' && (await question.isEditable())) {
          await typeInto(page, question, 'Midfield');
        }
      }
      await keepScreenshot(page, testInfo, 'keyboard-register');
      await tabTo(page, page.getByRole('button', { name: 'Register', exact: true }));
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL((url) => url.pathname === `/trial_details/${trial.id}`);
      await expect(page.getByText('Registration successful').first()).toBeVisible();
    });

    const message = `Hello from the keyboard (${run})`;
    await test.step("messages the trial's academy", async () => {
      await tabTo(page, page.getByRole('link', { name: /^Academy: / }));
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/academy\/profile\//);
      await tabTo(page, page.getByRole('button', { name: 'Message', exact: true }));
      await page.keyboard.press('Enter');
      // Focused on opening at desktop width; on a phone (no on-screen keyboard popping up
      // uninvited) the next Tab stops reach it.
      await tabTo(page, page.getByRole('textbox', { name: 'Message', exact: true }));
      await page.keyboard.type(message);
      await page.keyboard.press('Enter');
      const log = page.getByRole('log', { name: 'Messages' });
      await expect(log.getByText(message)).toBeVisible();
      await expect(log.getByText('Sending…')).toHaveCount(0);
      await keepScreenshot(page, testInfo, 'keyboard-message');
    });
  });
});

/**
 * Tab and Shift+Tab from the dialog's first control go round its controls and never leave it;
 * every stop shows its focus.
 */
async function expectFocusTrapped(page: Page, dialog: Locator) {
  const inside = () => dialog.evaluate((element) => element.contains(document.activeElement));
  expect(await inside(), 'the dialog took the focus').toBe(true);
  const stops = await dialog
    .locator('a[href], button:not([disabled]), input:not([disabled]), textarea, select')
    .count();
  for (let i = 0; i < stops + 2; i += 1) {
    await page.keyboard.press('Tab');
    expect(await inside(), `Tab ${i + 1} stays in the dialog`).toBe(true);
    expect(await focusIndicator(page)).toBe('visible');
  }
  for (let i = 0; i < stops + 2; i += 1) {
    await page.keyboard.press('Shift+Tab');
    expect(await inside(), `Shift+Tab ${i + 1} stays in the dialog`).toBe(true);
  }
}
