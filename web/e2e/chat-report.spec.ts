import { expect, test } from '@playwright/test';
import { apiSignIn } from './auth-support';
import { DEMO_PASSWORD, keepScreenshot, openWindow, signInAs, viewOf } from './support';
import { bubble } from './chat-support';

// The demo world (services/api/src/seed/demo.ts): Musa (12) follows Lagos Stars, a verified
// academy, so they may talk (supplement §13).
const MUSA = 'junior@touchline.test';
const STARS = 'academy@touchline.test';
const ADMIN = 'admin@touchline.test';

/**
 * Issue 25 item 8 (supplement §13): a child reports an academy's message from the message's
 * menu; the administrators see it at the top of the queue with the messages around it, and
 * removing it deletes it for both members.
 */
test('a child reports an academy’s message; the administrator sees it first, with the conversation around it, and removes it for everyone', async ({
  page: musa,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const run = `${testInfo.project.name}-${Date.now().toString(36)}`;
  const phone = viewOf(testInfo) === 'phone';
  const before = `Saturday session moved to 10am (${run})`;
  const bad = `Come to the office alone and bring your phone number (${run})`;

  // Lagos Stars writes to Musa (through the API: the academy's screen is not the journey).
  const musaAccount = await signInAs(musa, request, MUSA, 'player');
  const stars = await apiSignIn(request, STARS, DEMO_PASSWORD, { is_academy: true });
  const auth = { Authorization: `Bearer ${stars.access}` };
  const opened = await request.post('/api/chat', {
    headers: auth,
    data: { receiver_id: musaAccount.user_id },
  });
  expect(opened.ok(), await opened.text()).toBe(true);
  const thread = ((await opened.json()) as { thread_name: string }).thread_name;
  for (const text of [before, bad]) {
    const sent = await request.post(`/api/chat/${thread}/messages`, {
      headers: auth,
      data: { text },
    });
    expect(sent.status(), await sent.text()).toBe(201);
  }

  // 1. Musa opens the conversation and reports the message from its menu.
  await musa.goto(`/chat/${thread}`);
  const log = musa.getByRole('log', { name: 'Messages' });
  const row = bubble(log, bad);
  await expect(row).toBeVisible();
  await row.hover();
  await row.getByRole('button', { name: 'Options for this message' }).click();
  await musa.getByRole('menuitem', { name: 'Report' }).click();
  const dialog = musa.getByRole('dialog', { name: 'Report message' });
  await expect(dialog).toContainText('Our moderators will see the messages around it');
  await dialog.getByRole('radio', { name: 'Puts a child at risk' }).check();
  await dialog.getByLabel('Details (optional)').fill('He asked me to come alone');
  await keepScreenshot(musa, testInfo, 'chat-report-message-dialog', { fullPage: false });
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(musa.getByText('Thanks, your report was sent to our moderators')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The header's menu reports the whole conversation the same way.
  await musa.getByRole('button', { name: 'Conversation options' }).click();
  await expect(musa.getByRole('menuitem', { name: 'Report conversation' })).toBeVisible();
  await musa.keyboard.press('Escape');

  // 2. The administrator: reports about minors first; this one with the messages around it.
  const admin = await openWindow(browser, testInfo);
  await signInAs(admin, request, ADMIN, 'admin');
  await admin.goto('/admin/reports');
  const open = admin.getByRole('list', { name: 'Open reports' });
  const card = open
    .getByRole('listitem', {
      name: 'Message by Lagos Stars Academy reported for Puts a child at risk',
    })
    .filter({ hasText: run });
  await expect(card).toBeVisible();
  await expect(card).toContainText("Minor's conversation");
  // Only reports about minors stand before it.
  const cards = open.getByRole('listitem', { name: / reported for / });
  const names = await cards.evaluateAll((items) => items.map((i) => i.textContent ?? ''));
  const at = names.findIndex((text) => text.includes(bad));
  expect(at).toBeGreaterThanOrEqual(0);
  for (const text of names.slice(0, at)) expect(text).toContain("Minor's");
  const around = card.getByRole('list', { name: 'Messages around the reported message' });
  await expect(around.getByRole('listitem').filter({ hasText: before })).toBeVisible();
  const reported = around.getByRole('listitem').filter({ hasText: bad });
  await expect(reported).toContainText('Reported message');
  await expect(reported).toContainText('Lagos Stars Academy');
  await expect(card).toContainText("Reporter's note: He asked me to come alone");
  await card.scrollIntoViewIfNeeded();
  await keepScreenshot(admin, testInfo, 'admin-reports-conversation', { fullPage: !phone });

  // 3. Removed for everyone: Musa's open conversation shows 'message deleted' live.
  await card.getByRole('button', { name: 'Remove the message by Lagos Stars Academy' }).click();
  const confirm = admin.getByRole('dialog', { name: 'Remove this message?' });
  await confirm.getByLabel('Reason').fill('Unsafe contact with a child');
  await confirm.getByRole('button', { name: 'Remove message' }).click();
  await expect(admin.getByText('Content removed')).toBeVisible();
  await expect(card).toBeHidden();
  await expect(log.getByText(bad)).toHaveCount(0);
  await expect(bubble(log, before)).toBeVisible();
  await expect(log.getByText('message deleted').last()).toBeVisible();
  await keepScreenshot(musa, testInfo, 'chat-reported-message-removed', { fullPage: false });
  await admin.close();
});
