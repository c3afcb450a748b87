import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { todayInLagos } from '@touchline/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { formFields, serveApi } from '@/test/fake-api';
import { renderApp, signInAs } from '@/test/render-app';
import { chooseLocation } from '@/test/locations';
import { FakeXhr, makeTrial, registrantPage } from '../testing/fixtures';

beforeEach(() => {
  FakeXhr.sent = [];
  FakeXhr.pending = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  URL.createObjectURL = vi.fn(() => 'blob:poster');
  URL.revokeObjectURL = vi.fn();
});
// No `vi.unstubAllGlobals()`: it would also take away the fake WebSocket of the test setup.

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const today = todayInLagos();

async function openForm() {
  signInAs('academy', 'academy-1');
  const fetch = serveApi({
    'GET /api/trial/t-new': () => makeTrial({ id: 't-new', name: 'Ikeja Open Day' }),
    'GET /api/players_in_trial_list/t-new': ({ url }) =>
      registrantPage({ id: 't-new', name: 'Ikeja Open Day' }, [], url),
  });
  const view = renderApp('/academy/add_trial');
  await screen.findByRole('heading', { name: 'Add trial' });
  return { fetch, ...view };
}

const set = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

async function fillValid() {
  await userEvent.type(screen.getByLabelText('Trial name'), 'Ikeja Open Day');
  await userEvent.selectOptions(screen.getByLabelText('Sport'), 'football');
  await chooseLocation('Lagos', 'Ikeja');
  await userEvent.type(screen.getByLabelText('Venue'), 'Teslim Balogun Stadium');
  set('Trial date', addDays(today, 10));
  set('Start time', '09:30');
  set('Registration deadline', addDays(today, 7));
}

const publish = () => userEvent.click(screen.getByRole('button', { name: 'Publish trial' }));

describe('add trial', () => {
  it('names every missing required field and sends nothing', async () => {
    await openForm();
    await publish();
    for (const message of [
      'Trial name is required',
      'Sport is required',
      'State is required',
      'Venue is required',
      'Trial date is required',
      'Enter a start time as HH:MM',
      'Registration deadline is required',
    ])
      expect(await screen.findByText(message)).toBeVisible();
    expect(screen.getByLabelText('Trial name')).toHaveAttribute('aria-invalid', 'true');
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('applies the shared rules: future date, deadline on or before it, age order, fee, requirements', async () => {
    await openForm();
    await fillValid();
    set('Trial date', today);
    set('Registration deadline', addDays(today, 3));
    await userEvent.type(screen.getByLabelText('Minimum age (optional)'), '18');
    await userEvent.type(screen.getByLabelText('Maximum age (optional)'), '12');
    await userEvent.type(screen.getByLabelText('Fee (₦)'), '12.345');
    await userEvent.type(screen.getByLabelText('Participant limit (optional)'), '0');
    await userEvent.click(screen.getByRole('button', { name: 'Add requirement' }));
    await publish();

    expect(await screen.findByText('Trial date must be in the future')).toBeVisible();
    expect(
      screen.getByText('Registration deadline must be on or before the trial date'),
    ).toBeVisible();
    expect(screen.getByText('Minimum age cannot be above maximum age')).toBeVisible();
    expect(screen.getByText('Enter the fee in naira (0 for a free trial)')).toBeVisible();
    expect(
      screen.getByText('Participant limit must be a whole number of at least 1'),
    ).toBeVisible();
    expect(screen.getByText('A requirement cannot be empty')).toBeVisible();
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('adds up to 5 requirements and removes them', async () => {
    await openForm();
    const add = () => userEvent.click(screen.getByRole('button', { name: 'Add requirement' }));
    for (let i = 0; i < 5; i++) await add();
    expect(screen.getByLabelText('Requirement 5')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Add requirement' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Remove requirement 2' }));
    expect(screen.queryByLabelText('Requirement 5')).toBeNull();
    expect(screen.getByRole('button', { name: 'Add requirement' })).toBeVisible();
  });

  it('previews the poster, refuses a wrong type, and sends the trial as multipart with the fee in kobo', async () => {
    const { history } = await openForm();
    await fillValid();
    await userEvent.type(screen.getByLabelText('Fee (₦)'), '12,500.50');
    await userEvent.click(screen.getByRole('button', { name: 'Add requirement' }));
    await userEvent.type(screen.getByLabelText('Requirement 1'), 'Bring your own boots');
    const input = screen.getByLabelText('Poster (JPEG, PNG or WebP, up to 10 MB)');
    fireEvent.change(input, {
      target: { files: [new File(['x'], 'a.gif', { type: 'image/gif' })] },
    });
    expect(
      await screen.findByText('Invalid image type select JPEG , PNG or webp image'),
    ).toBeVisible();
    const poster = new File(['poster'], 'poster.jpg', { type: 'image/jpeg' });
    fireEvent.change(input, { target: { files: [poster] } });
    expect(await screen.findByAltText('Poster preview')).toHaveAttribute('src', 'blob:poster');

    await publish();
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const sent = FakeXhr.sent[0]!;
    expect(sent.method).toBe('POST');
    expect(sent.url).toBe('/api/trial');
    const fields = formFields(sent.body);
    expect(fields).toMatchObject({
      name: 'Ikeja Open Day',
      sport: 'football',
      state: 'Lagos',
      district: 'Ikeja',
      venue: 'Teslim Balogun Stadium',
      trial_date: addDays(today, 10),
      start_time: '09:30',
      deadline: addDays(today, 7),
      registration_fee: '1250050',
      min_age: '',
      requirements: JSON.stringify(['Bring your own boots']),
    });
    expect(fields.image).toBe(poster);

    act(() => FakeXhr.pending[0]!.respond(201, makeTrial({ id: 't-new', name: 'Ikeja Open Day' })));
    expect(await screen.findByText('Trial created successfully')).toBeVisible();
    await waitFor(() => expect(history.at(-1)).toBe('/academy/trial_details/t-new'));
    expect(await screen.findByRole('heading', { name: 'Ikeja Open Day' })).toBeVisible();
  });

  it("shows the server's refusal and keeps the form", async () => {
    await openForm();
    await fillValid();
    await publish();
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    act(() =>
      FakeXhr.pending[0]!.respond(403, {
        message: 'Only verified academies can create trials',
        code: 'trials.not_verified',
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Only verified academies can create trials',
    );
    expect(screen.getByLabelText('Trial name')).toHaveValue('Ikeja Open Day');
  });
});
