import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, signInAs } from '@/test/render-app';

type Reply = { status: number; body?: unknown };

function serve(routes: Record<string, () => Reply>) {
  const posted: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      if (method !== 'GET' && typeof init.body === 'string') posted.push(JSON.parse(init.body));
      const route = routes[`${method} ${url.split('?')[0]}`];
      const reply = route ? route() : { status: 404, body: { message: 'Not found' } };
      return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return posted;
}

const me = {
  limited: false,
  user_id: 'player-1',
  username: 'Tunde Bakare',
  role: 'player',
  bio: null,
  about: null,
  profile_photo: null,
  cover_photo: null,
  state: null,
  district: null,
  sports: ['football'],
  open_to_work: false,
  position: null,
  height_cm: null,
  weight_kg: null,
  preferred_side: null,
  age: 19,
  established_on: null,
  is_verified: false,
  friends_count: 0,
  post_count: 0,
  achievements_count: 0,
  is_own: true,
};

describe('achievements and experience', () => {
  it('adds an achievement after the shared schema checks the form', async () => {
    signInAs('player', 'player-1');
    const list: unknown[] = [];
    const posted = serve({
      'GET /api/profile': () => ({ status: 200, body: me }),
      'GET /api/user_achievement': () => ({ status: 200, body: list }),
      'POST /api/user_achievement': () => {
        const entry = {
          id: 'a1',
          user_id: 'player-1',
          title: 'Top scorer',
          organisation: null,
          issued_month: 3,
          issued_year: 2025,
          description: null,
          image: null,
          created_at: '2025-04-01T00:00:00Z',
        };
        list.push(entry);
        return { status: 201, body: entry };
      },
    });
    renderApp('/view_achievements');
    expect(await screen.findByText('No achievements yet')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Add achievement' }));
    const dialog = screen.getByRole('dialog', { name: 'Add achievement' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add achievement' }));
    expect(await within(dialog).findByText('Title is required')).toBeVisible();
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Top scorer');
    await userEvent.selectOptions(within(dialog).getByLabelText('Month'), '3');
    await userEvent.selectOptions(within(dialog).getByLabelText('Year'), '2025');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add achievement' }));
    expect(await screen.findByRole('article', { name: 'Top scorer' })).toHaveTextContent(
      'Mar 2025',
    );
    expect(posted[0]).toMatchObject({ title: 'Top scorer', issued_month: 3, issued_year: 2025 });
  });

  it('shows a current experience as Present and links a registered academy', async () => {
    signInAs('player', 'player-1');
    serve({
      'GET /api/profile': () => ({ status: 200, body: me }),
      'GET /api/user_academy': () => ({
        status: 200,
        body: [
          {
            id: 'e1',
            user_id: 'player-1',
            academy_id: 'stars',
            academy_name: 'Lagos Stars Academy',
            sport: 'football',
            position: 'CM',
            start_month: 1,
            start_year: 2022,
            end_month: null,
            end_year: null,
            is_current: true,
            created_at: '2022-01-01T00:00:00Z',
          },
          {
            id: 'e2',
            user_id: 'player-1',
            academy_id: null,
            academy_name: 'Ikeja Youth FC',
            sport: 'football',
            position: 'RCM',
            start_month: 2,
            start_year: 2020,
            end_month: 3,
            end_year: 2021,
            is_current: false,
            created_at: '2020-01-01T00:00:00Z',
          },
        ],
      }),
    });
    renderApp('/view_experience');
    const current = await screen.findByRole('listitem', { name: 'Lagos Stars Academy' });
    expect(current).toHaveTextContent('Jan 2022 – Present');
    expect(within(current).getByRole('link', { name: 'Lagos Stars Academy' })).toHaveAttribute(
      'href',
      '/academy/profile/stars',
    );
    const past = screen.getByRole('listitem', { name: 'Ikeja Youth FC' });
    expect(past).toHaveTextContent('Feb 2020 – Mar 2021');
    expect(within(past).queryByRole('link')).not.toBeInTheDocument();
  });
});
