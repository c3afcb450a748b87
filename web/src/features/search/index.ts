export { SearchBox } from './components/search-box';
export { SearchResultsScreen } from './components/search-results-screen';
export { SEARCH_RESULTS_KEY } from './api/get-search-results';
export type { SearchResult } from './api/get-search-results';
