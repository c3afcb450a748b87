import type { AcademyTrialTab } from '@touchline/shared';

/** Every academy trial query starts with `['academy-trials']`: one prefix to refresh them all. */
export const academyTrialKeys = {
  all: ['academy-trials'] as const,
  lists: ['academy-trials', 'list'] as const,
  list: (tab: AcademyTrialTab) => ['academy-trials', 'list', tab] as const,
  one: (id: string) => ['academy-trials', 'one', id] as const,
  /** Every page and search of one trial's registrants (refresh them all with this prefix). */
  registrants: (id: string) => ['academy-trials', 'registrants', id] as const,
  /** The pages of one search (`q`, '' for the whole list). */
  registrantsSearch: (id: string, q: string) => ['academy-trials', 'registrants', id, q] as const,
};
