import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';

/**
 * Picks a state, then an LGA once the LGA select offers it: the states/LGA table loads with the
 * form, so the list may come a moment after the state, as a person would see it.
 */
export async function chooseLocation(state: string, lga: string) {
  await userEvent.selectOptions(screen.getByLabelText('State'), state);
  const select = screen.getByLabelText('LGA');
  await waitFor(() => expect(select).toBeEnabled());
  await within(select).findByRole('option', { name: lga });
  await userEvent.selectOptions(select, lga);
}
