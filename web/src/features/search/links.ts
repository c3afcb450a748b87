import type { SearchSuggestion } from '@touchline/shared';

/** At most this many suggestions show (spec §9); the API sends one more to tell there are more. */
export const MAX_SUGGESTIONS = 7;

export const SEARCH_PATH = '/search';

export const searchPageLink = (q: string) => `${SEARCH_PATH}?q=${encodeURIComponent(q)}`;

/** Where a suggestion or result leads (spec §2 player and academy links). */
export function resultLink(item: Pick<SearchSuggestion, 'id' | 'type'>): string {
  if (item.type === 'Player') return `/profile/${item.id}`;
  if (item.type === 'Academy') return `/academy/profile/${item.id}`;
  return `/trial_details/${item.id}`;
}
