import type { TrialListQuery } from '@touchline/shared';

/** The list's filters as the screen holds them ('' = no filter). */
export type TrialFilters = {
  search: string;
  sport: '' | NonNullable<TrialListQuery['sport']>;
  state: string;
  payment: '' | NonNullable<TrialListQuery['payment']>;
};

export const EMPTY_FILTERS: TrialFilters = { search: '', sport: '', state: '', payment: '' };

/** Every player trial query starts with `['trials']`: invalidate it after a registration change. */
export const trialKeys = {
  all: ['trials'] as const,
  list: (filters: TrialFilters) => ['trials', 'list', filters] as const,
  one: (id: string) => ['trials', 'one', id] as const,
  history: ['trials', 'history'] as const,
};
