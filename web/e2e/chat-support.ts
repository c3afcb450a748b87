import type { Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';

/** One message row of a conversation's log, by (part of) its text. */
export const bubble = (log: Locator, text: string) =>
  log.locator('[data-message-key]').filter({ hasText: text });

/** Sends `text` from the open conversation's composer with Enter and waits until the server has it. */
export async function send(page: Page, text: string) {
  const composer = page.getByRole('textbox', { name: 'Message', exact: true });
  await composer.fill(text);
  await composer.press('Enter');
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(bubble(log, text)).toBeVisible();
  await expect(log.getByText('Sending…')).toHaveCount(0);
}
