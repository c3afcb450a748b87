import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reply, serveApi } from '@/test/fake-api';
import { renderApp, signInAs } from '@/test/render-app';

const suggestion = (n: number, type = 'Player') => ({ id: `u${n}`, type, name: `Kemi ${n}` });

async function openHome() {
  signInAs('player', 'me');
  const view = renderApp('/home');
  const box = await screen.findByRole('combobox', { name: 'Search' });
  return { ...view, box };
}

afterEach(() => vi.restoreAllMocks());

describe('top bar search box', () => {
  it('looks up from the first character and shows nothing for empty text', async () => {
    const fetch = serveApi({ 'GET /api/search': () => [suggestion(1)] });
    const { box } = await openHome();
    expect(box).toHaveAttribute('placeholder', 'Search');
    await userEvent.type(box, 'K');
    expect(await screen.findByRole('option', { name: /Kemi 1/ })).toBeVisible();
    expect(fetch.callsTo('GET /api/search')[0]?.url.searchParams.get('q')).toBe('K');
    await userEvent.clear(box);
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it("shows at most 7 suggestions plus 'See All', which opens all results and clears the box", async () => {
    serveApi({ 'GET /api/search': () => [1, 2, 3, 4, 5, 6, 7, 8].map((n) => suggestion(n)) });
    const { box, history } = await openHome();
    await userEvent.type(box, 'Ke');
    const list = await screen.findByRole('listbox');
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(8));
    expect(within(list).queryByText('Kemi 8')).not.toBeInTheDocument();
    await userEvent.click(within(list).getByRole('option', { name: 'See All' }));
    expect(history.at(-1)).toBe('/search?q=Ke');
    expect(await screen.findByRole('combobox', { name: 'Search' })).toHaveValue('');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  it('opens a player, an academy or a trial, by mouse or keyboard, and clears the box', async () => {
    serveApi({
      'GET /api/search': () => [
        suggestion(1),
        { id: 'a1', type: 'Academy', name: 'Lagos Stars Academy' },
        { id: 't1', type: 'Trial', name: 'Lagos Stars open trial' },
      ],
    });
    const { box, history } = await openHome();
    await userEvent.type(box, 'L');
    await userEvent.click(await screen.findByRole('option', { name: /Kemi 1/ }));
    expect(history.at(-1)).toBe('/profile/u1');
    expect(await screen.findByRole('combobox', { name: 'Search' })).toHaveValue('');

    await userEvent.type(screen.getByRole('combobox', { name: 'Search' }), 'L');
    await screen.findByRole('option', { name: /Lagos Stars Academy/ });
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('option', { name: /Lagos Stars Academy/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await userEvent.keyboard('{Enter}');
    expect(history.at(-1)).toBe('/academy/profile/a1');

    await userEvent.type(await screen.findByRole('combobox', { name: 'Search' }), 'L');
    await screen.findByRole('option', { name: /open trial/ });
    await userEvent.keyboard('{ArrowUp}{Enter}');
    expect(history.at(-1)).toBe('/trial_details/t1');
  });

  it('closes on Escape', async () => {
    serveApi({ 'GET /api/search': () => [suggestion(1)] });
    const { box } = await openHome();
    await userEvent.type(box, 'K');
    await screen.findByRole('option', { name: /Kemi 1/ });
    await userEvent.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('only logs a failed lookup', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serveApi({ 'GET /api/search': () => reply(500, null) });
    const { box } = await openHome();
    await userEvent.type(box, 'K');
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('never lets a late answer for older text replace the newer one', async () => {
    let releaseFirst: () => void = () => undefined;
    serveApi({
      'GET /api/search': ({ url }) => {
        const q = url.searchParams.get('q');
        if (q === 'K')
          return new Promise((resolve) => {
            releaseFirst = () => resolve([{ id: 'old', type: 'Player', name: 'Old answer' }]);
          });
        return [{ id: 'new', type: 'Player', name: 'Kemi Adeyemi' }];
      },
    });
    const { box } = await openHome();
    await userEvent.type(box, 'Ke');
    expect(await screen.findByRole('option', { name: /Kemi Adeyemi/ })).toBeVisible();
    await act(async () => releaseFirst());
    expect(screen.queryByText('Old answer')).not.toBeInTheDocument();
    expect(screen.getByRole('option', { name: /Kemi Adeyemi/ })).toBeVisible();
  });
});
