import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';

const screenshotDir = path.resolve(import.meta.dirname, '../test-results/screenshots');

/** Keeps a full-page screenshot of a journey: test-results/screenshots/<name>-<project>.png. */
export async function keepScreenshot(page: Page, testInfo: TestInfo, name: string) {
  mkdirSync(screenshotDir, { recursive: true });
  const file = path.join(screenshotDir, `${name}-${testInfo.project.name}.png`);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}
