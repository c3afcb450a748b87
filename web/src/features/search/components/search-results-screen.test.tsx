import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CHAT_MESSAGES } from '@touchline/shared';
import { describe, expect, it } from 'vitest';
import { serveApi } from '@/test/fake-api';
import { renderApp, signInAs } from '@/test/render-app';

const none = { friend_status: 'none', is_following: false, blocked_by_me: false };

describe('/search results', () => {
  it('switches tabs, adds a friend, follows an academy and loads more', async () => {
    const fetch = serveApi({
      'GET /api/search/results': ({ url }) => {
        const type = url.searchParams.get('type');
        const page = Number(url.searchParams.get('page'));
        if (type === 'academies')
          return {
            results: [
              {
                id: 'a1',
                type: 'Academy',
                name: 'Lagos Stars Academy',
                subtitle: 'Ikeja, Lagos',
                relationship: none,
              },
            ],
            has_more: false,
            page,
          };
        return {
          results: [
            page === 1
              ? {
                  id: 'u2',
                  type: 'Player',
                  name: 'Kemi Adeyemi',
                  subtitle: 'Ibadan North, Oyo',
                  relationship: none,
                }
              : {
                  id: 't1',
                  type: 'Trial',
                  name: 'Open trial',
                  subtitle: 'Ikeja, Lagos',
                  relationship: null,
                },
          ],
          has_more: page === 1,
          page,
        };
      },
      'POST /api/friend_request': () => ({ status: 'request_sent' }),
      'POST /api/follow': () => ({ message: 'Following' }),
      'POST /api/unfollow': () => ({ message: 'Unfollowed' }),
    });
    signInAs('player', 'me');
    const { history } = renderApp('/search?q=Ke');
    expect(await screen.findByRole('heading', { name: /Results for/ })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true');

    await userEvent.click(
      await screen.findByRole('button', { name: 'Add Kemi Adeyemi as a friend' }),
    );
    expect(
      await screen.findByRole('button', { name: 'Cancel friend request to Kemi Adeyemi' }),
    ).toBeVisible();
    expect(fetch.callsTo('POST /api/friend_request')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'View Kemi Adeyemi' })).toHaveAttribute(
      'href',
      '/profile/u2',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Open trial')).toBeVisible();

    await userEvent.click(screen.getByRole('tab', { name: 'Academies' }));
    expect(history.at(-1)).toBe('/search?q=Ke&type=academies');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Follow Lagos Stars Academy' }),
    );
    const following = await screen.findByRole('button', { name: 'Following Lagos Stars Academy' });
    await userEvent.click(following);
    await waitFor(() => expect(fetch.callsTo('POST /api/unfollow')).toHaveLength(1));
    const list = screen.getByRole('list', { name: 'Search results' });
    expect(within(list).getByText('Academy')).toBeVisible();
  });

  it('lists open trials on the Trials tab, each leading to its details page', async () => {
    const fetch = serveApi({
      'GET /api/search/results': ({ url }) => ({
        results:
          url.searchParams.get('type') === 'trials'
            ? [
                {
                  id: 't1',
                  type: 'Trial',
                  name: 'Lagos Stars Open Trial',
                  subtitle: 'Teslim Balogun Stadium, Surulere, Lagos',
                  relationship: null,
                },
              ]
            : [],
        has_more: false,
        page: 1,
      }),
    });
    signInAs('player', 'me');
    const { history } = renderApp('/search?q=surulere&type=trials');
    expect(await screen.findByRole('tab', { name: 'Trials' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const list = await screen.findByRole('list', { name: 'Search results' });
    expect(await within(list).findByText('Lagos Stars Open Trial')).toBeVisible();
    expect(within(list).getByText('Teslim Balogun Stadium, Surulere, Lagos')).toBeVisible();
    expect(within(list).getByText('Trial')).toBeVisible();
    // A trial row offers no friend or follow action, only View.
    expect(within(list).queryByRole('button')).not.toBeInTheDocument();
    const view = within(list).getByRole('link', { name: 'View Lagos Stars Open Trial' });
    expect(view).toHaveAttribute('href', '/trial_details/t1');
    expect(
      fetch.callsTo('GET /api/search/results').map((call) => call.url.searchParams.get('type')),
    ).toContain('trials');

    await userEvent.click(screen.getByRole('tab', { name: 'All' }));
    expect(history.at(-1)).toBe('/search?q=surulere');
  });

  it('says so when nothing matches', async () => {
    serveApi({ 'GET /api/search/results': () => ({ results: [], has_more: false, page: 1 }) });
    signInAs('academy', 'me');
    renderApp('/search?q=zzz');
    expect(await screen.findByRole('heading', { name: 'No results' })).toBeVisible();
  });

  it('offers Message to a friend and an academy, not to another player or a trial; opens the conversation or says why', async () => {
    const thread = 'chat_11111111-1111-4111-8111-111111111111_22222222-2222-4222-8222-222222222222';
    const row = (id: string, type: string, name: string, relationship: unknown) => ({
      id,
      type,
      name,
      subtitle: 'Lagos',
      relationship,
    });
    const fetch = serveApi({
      'GET /api/search/results': () => ({
        results: [
          row('u2', 'Player', 'Kemi Adeyemi', { ...none, friend_status: 'friends' }),
          row('u3', 'Player', 'Chidi Okafor', none),
          row('a1', 'Academy', 'Lagos Stars Academy', none),
          row('t1', 'Trial', 'Lagos Open Trial', null),
        ],
        has_more: false,
        page: 1,
      }),
      'POST /api/chat': ({ body }) =>
        (body as { receiver_id: string }).receiver_id === 'a1'
          ? {
              status: 403,
              body: { message: CHAT_MESSAGES.playerToAcademy, code: 'chat_not_allowed' },
            }
          : { thread_name: thread },
    });
    signInAs('player', 'me');
    const { history } = renderApp('/search?q=la');
    const list = await screen.findByRole('list', { name: 'Search results' });
    await within(list).findByText('Lagos Open Trial');
    expect(
      within(list)
        .getAllByRole('button', { name: /^Message / })
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Message Kemi Adeyemi', 'Message Lagos Stars Academy']);

    await userEvent.click(
      within(list).getByRole('button', { name: 'Message Lagos Stars Academy' }),
    );
    expect(await screen.findByText(CHAT_MESSAGES.playerToAcademy)).toBeVisible();
    expect(history.at(-1)).toBe('/search?q=la');

    await userEvent.click(within(list).getByRole('button', { name: 'Message Kemi Adeyemi' }));
    await waitFor(() => expect(history.at(-1)).toBe(`/chat/${thread}`));
    expect(fetch.callsTo('POST /api/chat').map((call) => call.body)).toEqual([
      { receiver_id: 'a1' },
      { receiver_id: 'u2' },
    ]);
  });

  it('offers an academy Message on players, not on other academies', async () => {
    serveApi({
      'GET /api/search/results': () => ({
        results: [
          { id: 'u2', type: 'Player', name: 'Kemi Adeyemi', subtitle: '', relationship: null },
          { id: 'a2', type: 'Academy', name: 'Abuja Hoops', subtitle: '', relationship: null },
        ],
        has_more: false,
        page: 1,
      }),
    });
    signInAs('academy', 'stars');
    renderApp('/search?q=a');
    const list = await screen.findByRole('list', { name: 'Search results' });
    expect(await within(list).findByRole('button', { name: 'Message Kemi Adeyemi' })).toBeVisible();
    expect(
      within(list).queryByRole('button', { name: 'Message Abuja Hoops' }),
    ).not.toBeInTheDocument();
  });
});
