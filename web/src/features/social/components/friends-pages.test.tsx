import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CHAT_MESSAGES } from '@touchline/shared';
import { describe, expect, it } from 'vitest';
import { serveApi } from '@/test/fake-api';
import { renderApp, signInAs } from '@/test/render-app';

const person = (id: string, username: string, role = 'player') => ({
  id,
  username,
  role,
  photo_url: null,
  state: 'Oyo',
  district: 'Ibadan North',
  sports: ['football'],
  since: '2026-01-01T10:00:00.000Z',
});

const page = (...people: ReturnType<typeof person>[]) => ({
  results: people,
  has_more: false,
  next: null,
});

describe('friends pages', () => {
  it('unfriends after confirming, and sends a request to someone you may know', async () => {
    let friends = [person('u2', 'Kemi Adeyemi')];
    const fetch = serveApi({
      'GET /api/friends': () => page(...friends),
      'DELETE /api/friends/u2': () => {
        friends = [];
        return { message: 'Friend removed' };
      },
      'GET /api/friend_suggestion': () => ({ results: [person('u4', 'Musa Ibrahim')] }),
      'POST /api/friend_request': () => ({ status: 'request_sent' }),
    });
    signInAs('player', 'me');
    renderApp('/friends');
    const list = await screen.findByRole('list', { name: 'Friends' });
    expect(within(list).getByRole('link', { name: /Kemi Adeyemi/ })).toHaveAttribute(
      'href',
      '/profile/u2',
    );
    await userEvent.click(within(list).getByRole('button', { name: 'Unfriend' }));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Unfriend' }));
    expect(await screen.findByText('No friends yet')).toBeVisible();
    expect(fetch.callsTo('DELETE /api/friends/u2')).toHaveLength(1);

    const mayKnow = screen.getByRole('list', { name: 'People you may know' });
    await userEvent.click(within(mayKnow).getByRole('button', { name: 'Add friend' }));
    await waitFor(() => expect(fetch.callsTo('POST /api/friend_request')).toHaveLength(1));
  });

  it('accepts and declines received requests', async () => {
    let received = [person('u2', 'Kemi Adeyemi'), person('u3', 'Amaka Obi')];
    const fetch = serveApi({
      'GET /api/friend_request': () => page(...received),
      'POST /api/friend_request_accept/u2': () => {
        received = received.filter((p) => p.id !== 'u2');
        return { message: 'Friend request accepted' };
      },
      'POST /api/friend_request_decline/u3': () => {
        received = received.filter((p) => p.id !== 'u3');
        return { message: 'Friend request declined' };
      },
      'GET /api/friend_suggestion': () => ({ results: [] }),
    });
    signInAs('player', 'me');
    renderApp('/friend_request_list');
    await userEvent.click(await screen.findByRole('button', { name: 'Accept Kemi Adeyemi' }));
    await waitFor(() => expect(screen.queryByText('Kemi Adeyemi')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Decline Amaka Obi' }));
    expect(await screen.findByText('No friend requests')).toBeVisible();
    expect(fetch.callsTo('POST /api/friend_request_accept/u2')).toHaveLength(1);
    expect(fetch.callsTo('POST /api/friend_request_decline/u3')).toHaveLength(1);
  });

  it('cancels a sent request and unfollows an academy', async () => {
    let sent = [person('u2', 'Kemi Adeyemi')];
    let following = [person('a1', 'Lagos Stars Academy', 'academy')];
    const fetch = serveApi({
      'GET /api/sent_request_list': () => page(...sent),
      'POST /api/cancel_request/u2': () => {
        sent = [];
        return { message: 'Friend request cancelled' };
      },
      'GET /api/follow': () => page(...following),
      'POST /api/unfollow': () => {
        following = [];
        return { message: 'Unfollowed' };
      },
    });
    signInAs('player', 'me');
    const { memory } = renderApp('/sent_request_list');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Cancel request to Kemi Adeyemi' }),
    );
    expect(await screen.findByText('No pending requests')).toBeVisible();
    expect(fetch.callsTo('POST /api/cancel_request/u2')).toHaveLength(1);

    memory.navigate('/following');
    const row = await screen.findByRole('link', { name: /Lagos Stars Academy/ });
    expect(row).toHaveAttribute('href', '/academy/profile/a1');
    await userEvent.click(screen.getByRole('button', { name: 'Unfollow Lagos Stars Academy' }));
    expect(await screen.findByText('You do not follow any academy yet')).toBeVisible();
    const [, init] = fetch.mock.calls.find(([url]) => String(url).includes('unfollow')) ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ academy: 'a1' });
  });

  it('opens the conversation with a friend from the friends list', async () => {
    const thread = 'chat_11111111-1111-4111-8111-111111111111_22222222-2222-4222-8222-222222222222';
    const fetch = serveApi({
      'GET /api/friends': () => page(person('u2', 'Kemi Adeyemi'), person('u3', 'Amaka Obi')),
      'GET /api/friend_suggestion': () => ({ results: [] }),
      'POST /api/chat': () => ({ thread_name: thread }),
    });
    signInAs('player', 'me');
    const { memory } = renderApp('/friends');
    const list = await screen.findByRole('list', { name: 'Friends' });
    expect(within(list).getAllByRole('button', { name: /^Message / })).toHaveLength(2);
    await userEvent.click(within(list).getByRole('button', { name: 'Message Kemi Adeyemi' }));
    await waitFor(() => expect(memory.history?.at(-1)).toBe(`/chat/${thread}`));
    expect(fetch.callsTo('POST /api/chat').map((call) => call.body)).toEqual([
      { receiver_id: 'u2' },
    ]);
  });

  it('says why when an academy you follow cannot be messaged, and stays on the list', async () => {
    const fetch = serveApi({
      'GET /api/follow': () => page(person('a1', 'Lagos Stars Academy', 'academy')),
      'POST /api/chat': {
        status: 403,
        body: { message: CHAT_MESSAGES.blocked, code: 'chat_not_allowed' },
      },
    });
    signInAs('player', 'me');
    const { memory } = renderApp('/following');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Message Lagos Stars Academy' }),
    );
    expect(await screen.findByText(CHAT_MESSAGES.blocked)).toBeVisible();
    expect(memory.history?.at(-1)).toBe('/following');
    expect(fetch.callsTo('POST /api/chat').map((call) => call.body)).toEqual([
      { receiver_id: 'a1' },
    ]);
  });
});
