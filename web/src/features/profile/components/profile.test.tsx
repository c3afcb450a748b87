import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LimitedProfile, ProfileView } from '@touchline/shared';
import { CHAT_MESSAGES, MESSAGES } from '@touchline/shared';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, signInAs } from '@/test/render-app';
import { PitchPicker } from './pitch-picker';

type Reply = { status: number; body?: unknown };
type Call = { method: string; url: string; body: unknown };

/** The network is the edge: `fetch` answers from `routes` ("GET /api/profile/x"). */
function serve(routes: Record<string, Reply | ((call: Call) => Reply)>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
      const call = { method, url, body };
      calls.push(call);
      const route = routes[`${method} ${url.split('?')[0]}`];
      const reply =
        typeof route === 'function'
          ? route(call)
          : (route ?? { status: 404, body: { message: 'Not found', code: 'not_found' } });
      return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

const player = (over: Partial<ProfileView> = {}): ProfileView => ({
  limited: false,
  user_id: 'kemi-1',
  username: 'Kemi Adeyemi',
  role: 'player',
  bio: 'Winger who loves to take on defenders.',
  about: null,
  profile_photo: null,
  cover_photo: null,
  state: 'Oyo',
  district: 'Ibadan North',
  sports: ['football'],
  open_to_work: true,
  position: 'LW',
  height_cm: 165,
  weight_kg: null,
  preferred_side: 'left',
  age: 22,
  established_on: null,
  is_verified: false,
  friends_count: 3,
  post_count: 1,
  achievements_count: 0,
  is_own: false,
  measured: null,
  ...over,
});

const own = () =>
  player({
    user_id: 'player-1',
    username: 'Tunde Bakare',
    is_own: true,
    email: 'player@touchline.test',
    phone: '+2348031234567',
    dob: '2006-05-01',
    age: 19,
  });

const relationship = (friend_status: string, is_following = false) => ({
  status: 200,
  body: { friend_status, is_following, blocked_by_me: false },
});

const youngCard: LimitedProfile = {
  limited: true,
  user_id: 'musa-1',
  username: 'Musa Bello',
  role: 'player',
  profile_photo: null,
  state: 'Kano',
  sports: ['football', 'basketball'],
  age_band: 'U13',
  is_own: false,
};

describe('a young player’s limited card (supplement §13)', () => {
  it('shows name, age band, state and sports, explains why, and nothing more', async () => {
    signInAs('player', 'player-1');
    serve({
      'GET /api/profile/musa-1': { status: 200, body: youngCard },
      'GET /api/relationship/musa-1': relationship('not_applicable'),
    });
    renderApp('/profile/musa-1');
    expect(await screen.findByRole('heading', { name: 'Musa Bello' })).toBeVisible();
    const card = screen.getByTestId('limited-profile');
    expect(card).toHaveTextContent('U13');
    expect(card).toHaveTextContent('Kano');
    expect(
      within(screen.getByRole('list', { name: 'Sports' })).getAllByRole('listitem'),
    ).toHaveLength(2);
    expect(card).toHaveTextContent('This profile is visible to friends and academies only.');
    // No counts, lists or links to the minor's posts (the app's navigation aside).
    for (const label of ['Posts', 'Achievements', 'Friends'])
      expect(within(card).queryByText(label)).not.toBeInTheDocument();
    expect(within(card).queryByRole('link')).not.toBeInTheDocument();
    // Blocking stays possible from the card.
    expect(screen.getByRole('button', { name: /more/i })).toBeVisible();
  });
});

const THREAD = 'chat_11111111-1111-4111-8111-111111111111_22222222-2222-4222-8222-222222222222';

describe('Message on a profile', () => {
  it('opens the conversation with a friend and goes to it', async () => {
    signInAs('player', 'player-1');
    const calls = serve({
      'GET /api/profile/kemi-1': { status: 200, body: player() },
      'GET /api/relationship/kemi-1': relationship('friends'),
      'POST /api/chat': { status: 200, body: { thread_name: THREAD } },
    });
    const { history } = renderApp('/profile/kemi-1');
    await userEvent.click(await screen.findByRole('button', { name: 'Message' }));
    await vi.waitFor(() => expect(history.at(-1)).toBe(`/chat/${THREAD}`));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', url: '/api/chat', body: { receiver_id: 'kemi-1' } },
    ]);
  });

  it('shows the server’s reason and stays when it refuses (a minor’s limited card)', async () => {
    signInAs('academy', 'stars');
    const calls = serve({
      'GET /api/profile/musa-1': { status: 200, body: youngCard },
      'GET /api/relationship/musa-1': relationship('not_applicable'),
      'POST /api/chat': {
        status: 403,
        body: { message: CHAT_MESSAGES.minor, code: 'chat_not_allowed' },
      },
    });
    const { history } = renderApp('/profile/musa-1');
    const card = await screen.findByTestId('limited-profile');
    await userEvent.click(within(card).getByRole('button', { name: 'Message' }));
    expect(await screen.findByText(CHAT_MESSAGES.minor)).toBeVisible();
    expect(history.at(-1)).toBe('/profile/musa-1');
    expect(within(card).getByRole('button', { name: 'Message' })).toBeEnabled();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { receiver_id: 'musa-1' },
    ]);
  });

  it('is offered to a player on an academy’s profile, never on your own', async () => {
    const academy = player({ user_id: 'stars', username: 'Lagos Stars Academy', role: 'academy' });
    signInAs('player', 'player-1');
    serve({
      'GET /api/profile/stars': { status: 200, body: academy },
      'GET /api/relationship/stars': relationship('not_applicable'),
      'GET /api/profile': { status: 200, body: own() },
    });
    const first = renderApp('/profile/stars');
    expect(await screen.findByRole('button', { name: 'Follow' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Message' })).toBeVisible();
    first.unmount();

    renderApp('/profile');
    expect(await screen.findByRole('button', { name: 'Edit profile' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Message' })).not.toBeInTheDocument();
  });

  it('is not offered between two academies', async () => {
    const other = player({ user_id: 'hoops', username: 'Abuja Hoops Academy', role: 'academy' });
    signInAs('academy', 'stars');
    serve({
      'GET /api/profile/hoops': { status: 200, body: other },
      'GET /api/relationship/hoops': relationship('not_applicable'),
    });
    renderApp('/academy/profile/hoops');
    expect(await screen.findByRole('heading', { name: 'Abuja Hoops Academy' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'More actions' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Message' })).not.toBeInTheDocument();
  });
});

describe('profile page', () => {
  it('shows the private fields only on the own profile', async () => {
    signInAs('player', 'player-1');
    serve({ 'GET /api/profile': { status: 200, body: own() } });
    renderApp('/profile');
    const box = await screen.findByRole('region', { name: 'Private — only you can see this' });
    expect(box).toHaveTextContent('player@touchline.test');
    expect(box).toHaveTextContent('+2348031234567');
    expect(box).toHaveTextContent('Date of birth');
    expect(screen.getByRole('button', { name: 'Edit profile' })).toBeVisible();
  });

  it("shows another player's age, Open to Work and Add friend, never e-mail, phone or dob", async () => {
    signInAs('player', 'player-1');
    serve({
      'GET /api/profile/kemi-1': { status: 200, body: player() },
      'GET /api/relationship/kemi-1': relationship('none'),
    });
    renderApp('/profile/kemi-1');
    expect(await screen.findByRole('heading', { name: 'Kemi Adeyemi' })).toBeVisible();
    expect(screen.getByText('22 years')).toBeVisible();
    expect(screen.getByText('Open to Work')).toBeVisible();
    expect(screen.getByText('Preferred foot')).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Add friend' })).toBeVisible();
    expect(screen.queryByText(/only you can see this/)).not.toBeInTheDocument();
    expect(screen.queryByText('Date of birth')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit profile' })).not.toBeInTheDocument();
  });

  it('declines a received friend request from the profile, then offers Add friend', async () => {
    signInAs('player', 'player-1');
    let status = 'request_received';
    const calls = serve({
      'GET /api/profile/kemi-1': { status: 200, body: player() },
      'GET /api/relationship/kemi-1': () => relationship(status),
      'POST /api/friend_request_decline/kemi-1': () => {
        status = 'none';
        return { status: 200, body: { message: 'Friend request declined' } };
      },
    });
    renderApp('/profile/kemi-1');
    await userEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    expect(await screen.findByRole('button', { name: 'Add friend' })).toBeVisible();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      '/api/friend_request_decline/kemi-1',
    ]);
  });

  it.each([
    ['request_sent', ['Cancel request']],
    ['request_received', ['Accept request', 'Decline']],
    ['friends', ['Unfriend']],
  ])('offers the right action when the friendship is %s', async (status, labels) => {
    signInAs('player', 'player-1');
    serve({
      'GET /api/profile/kemi-1': { status: 200, body: player() },
      'GET /api/relationship/kemi-1': relationship(status),
    });
    renderApp('/profile/kemi-1');
    for (const label of labels)
      expect(await screen.findByRole('button', { name: label })).toBeVisible();
    // Players message friends only: the button is there for a friend, nowhere else.
    if (status === 'friends') expect(screen.getByRole('button', { name: 'Message' })).toBeVisible();
    else expect(screen.queryByRole('button', { name: 'Message' })).not.toBeInTheDocument();
  });

  it('sends a friend request with Add friend', async () => {
    signInAs('player', 'player-1');
    let status = 'none';
    const calls = serve({
      'GET /api/profile/kemi-1': { status: 200, body: player() },
      'GET /api/relationship/kemi-1': () => relationship(status),
      'POST /api/friend_request': () => {
        status = 'request_sent';
        return { status: 201, body: { status: 'request_sent' } };
      },
    });
    renderApp('/profile/kemi-1');
    await userEvent.click(await screen.findByRole('button', { name: 'Add friend' }));
    expect(await screen.findByRole('button', { name: 'Cancel request' })).toBeVisible();
    expect(calls.find((c) => c.url === '/api/friend_request')?.body).toEqual({ to_user: 'kemi-1' });
  });

  it('moves an academy to /academy/profile and offers Follow to a player, none to an academy', async () => {
    const academy = player({
      user_id: 'stars',
      username: 'Lagos Stars Academy',
      role: 'academy',
      is_verified: true,
      age: null,
      friends_count: undefined,
      followers_count: 12,
    });
    signInAs('player', 'player-1');
    serve({
      'GET /api/profile/stars': { status: 200, body: academy },
      'GET /api/relationship/stars': relationship('not_applicable'),
    });
    const { history } = renderApp('/profile/stars');
    expect(await screen.findByRole('button', { name: 'Follow' })).toBeVisible();
    expect(history.at(-1)).toBe('/academy/profile/stars');
    expect(screen.getByText('Verified')).toBeVisible();
    expect(screen.getByText('Followers')).toBeVisible();
  });

  it('says the profile is not available on a 404', async () => {
    signInAs('player', 'player-1');
    serve({});
    renderApp('/profile/gone');
    expect(await screen.findByRole('heading', { name: 'Profile not available' })).toBeVisible();
  });

  it('refuses a picture that is not JPEG, PNG or WebP before uploading', async () => {
    signInAs('player', 'player-1');
    const calls = serve({ 'GET /api/profile': { status: 200, body: own() } });
    renderApp('/profile');
    const input = await screen.findByTestId('photo-input');
    fireEvent.change(input, {
      target: { files: [new File(['gif'], 'me.gif', { type: 'image/gif' })] },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.invalidImageType);
    expect(calls.some((c) => c.url.includes('profile/photo'))).toBe(false);
  });

  it('shows the shared schema messages in the edit form', async () => {
    signInAs('player', 'player-1');
    const calls = serve({ 'GET /api/profile': { status: 200, body: own() } });
    renderApp('/profile');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit profile' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit profile' });
    await userEvent.clear(within(dialog).getByLabelText('Name'));
    await userEvent.clear(within(dialog).getByLabelText('Phone'));
    await userEvent.type(within(dialog).getByLabelText('Phone'), '12345');
    await userEvent.clear(within(dialog).getByLabelText('Height (cm)'));
    await userEvent.type(within(dialog).getByLabelText('Height (cm)'), '20');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText(MESSAGES.nameRequired)).toBeVisible();
    expect(
      within(dialog).getByText(
        'Enter a Nigerian phone number such as 08012345678 or +2348012345678',
      ),
    ).toBeVisible();
    expect(within(dialog).getByText('Height must be between 50 and 250 cm')).toBeVisible();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('shows the saved state and LGA, offers that state’s LGAs and checks the pair', async () => {
    signInAs('player', 'player-1');
    const calls = serve({ 'GET /api/profile': { status: 200, body: own() } });
    renderApp('/profile');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit profile' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit profile' });
    const lga = within(dialog).getByLabelText('LGA');
    // The saved LGA shows at once, also while the states/LGA list is still loading.
    expect(within(dialog).getByLabelText('State')).toHaveValue('Oyo');
    expect(lga).toHaveValue('Ibadan North');
    await waitFor(() => expect(lga).toBeEnabled());
    expect(lga).toHaveValue('Ibadan North');
    expect(within(lga).getByRole('option', { name: 'Ogbomosho North' })).toBeInTheDocument();
    expect(within(lga).queryByRole('option', { name: 'Ikeja' })).toBeNull();
    await userEvent.selectOptions(within(dialog).getByLabelText('State'), 'Lagos');
    expect(lga).toHaveValue('');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText(MESSAGES.lgaRequired)).toBeVisible();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});

describe('pitch picker', () => {
  function Harness() {
    const [value, setValue] = useState('');
    return (
      <>
        <PitchPicker value={value} onChange={setValue} />
        <output data-testid="value">{value}</output>
      </>
    );
  }

  it('selects a spot by click, by arrow keys and by the list', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('radio', { name: /\(CM\)/ }));
    expect(screen.getByTestId('value')).toHaveTextContent('CM');
    expect(screen.getByRole('radio', { name: /\(CM\)/ })).toHaveAttribute('aria-checked', 'true');

    screen.getByRole('radio', { name: /\(CM\)/ }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByTestId('value')).toHaveTextContent('RCM');
    expect(screen.getByRole('radio', { name: /\(RCM\)/ })).toHaveFocus();

    await userEvent.selectOptions(screen.getByLabelText('Or choose from the list'), 'GK');
    expect(screen.getByTestId('value')).toHaveTextContent('GK');
  });
});
