import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/render-app';
import { MAILBOX_OFF_TEXT } from './dev-mailbox';

const mail = (id: string, subject: string, created_at: string) => ({
  id,
  to: 'ada@touchline.test',
  subject,
  text: `Body of ${subject}`,
  html: `<p>${subject}</p>`,
  created_at,
});

function serveMailbox(status: number, body: unknown) {
  const fetch = vi.fn(async (_url: string) =>
    Promise.resolve(new Response(JSON.stringify(body), { status })),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('development mailbox page', () => {
  it('lists the messages of an address, newest first', async () => {
    const fetch = serveMailbox(200, {
      messages: [
        mail('1', 'Your verification code', '2026-01-01T09:00:00.000Z'),
        mail('2', 'Your new code', '2026-01-01T10:00:00.000Z'),
      ],
    });
    renderApp('/dev/mailbox');
    await userEvent.type(await screen.findByLabelText('E-mail address'), 'ada@touchline.test');
    await userEvent.click(screen.getByRole('button', { name: 'Show messages' }));

    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'Your new code',
      'Your verification code',
    ]);
    expect(within(items[0]!).getByText('Body of Your new code')).toBeVisible();
    expect(within(items[0]!).getByText('ada@touchline.test')).toBeVisible();
    expect(fetch).toHaveBeenCalledWith(
      '/api/dev/mailbox?to=ada%40touchline.test',
      expect.anything(),
    );
  });

  it('reads the address from the page URL', async () => {
    serveMailbox(200, { messages: [] });
    renderApp('/dev/mailbox?to=kid@touchline.test');
    expect(await screen.findByText('No messages for this address yet.')).toBeVisible();
  });

  it('says the mailbox is off when the server runs in production mode', async () => {
    serveMailbox(404, { message: 'Not found', code: 'not_found' });
    renderApp('/dev/mailbox?to=ada@touchline.test');
    expect(await screen.findByText(MAILBOX_OFF_TEXT)).toBeVisible();
  });
});
