import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, keepScreenshot, signInAs } from './support';

// The demo world (services/api/src/seed/demo.ts): Amaka (16) and Musa (12) are friends.
const AMAKA = 'amaka@touchline.test';
const MUSA = 'junior@touchline.test';

test.describe('chat: opening a conversation with unread messages', () => {
  test('opens at the New messages line, not past it, and Jump to latest reaches the newest', async ({
    page,
    request,
  }, testInfo) => {
    const amaka = await signInAs(page, request, AMAKA, 'player');

    // Musa writes many messages through the API, more than a screen holds.
    const token = await request.post('/api/token/', {
      data: { email: MUSA, password: DEMO_PASSWORD, is_academy: false },
    });
    expect(token.ok(), await token.text()).toBe(true);
    const headers = {
      Authorization: `Bearer ${((await token.json()) as { access: string }).access}`,
    };
    const opened = await request.post('/api/chat', {
      headers,
      data: { receiver_id: amaka.user_id },
    });
    expect(opened.ok(), await opened.text()).toBe(true);
    const { thread_name: thread } = (await opened.json()) as { thread_name: string };
    const run = `u${Date.now().toString(36)}`;
    // More than a screen holds at either width, and well inside Musa's sending budget (30 in
    // 10 s, services/api/src/lib/user-rate-limit.ts): the next journey's Musa still sends.
    const count = 12;
    for (let i = 1; i <= count; i++) {
      const sent = await request.post(`/api/chat/${thread}/messages`, {
        headers,
        data: { text: `${run} unread ${i}`, client_id: `${run}-${i}` },
      });
      expect(sent.ok(), await sent.text()).toBe(true);
    }

    await page.goto(`/chat/${thread}`);
    const log = page.getByRole('log', { name: 'Messages' });
    const line = log.getByRole('separator', { name: 'New messages' });
    await expect(line).toBeInViewport();
    await expect(log.getByText(`${run} unread ${count}`, { exact: true })).not.toBeInViewport();
    // The line sits near the top of the log, the unread messages below it.
    const [logBox, lineBox] = [await log.boundingBox(), await line.boundingBox()];
    expect(lineBox!.y - logBox!.y).toBeLessThan(logBox!.height / 2);
    await keepScreenshot(page, testInfo, 'chat-opens-at-new-messages', { fullPage: false });

    await page.getByRole('button', { name: 'Jump to latest' }).click();
    await expect(log.getByText(`${run} unread ${count}`, { exact: true })).toBeInViewport();
  });
});
