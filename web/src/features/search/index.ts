export { SearchBox } from './components/search-box';
export { SearchResultsScreen } from './components/search-results-screen';
export type { SearchResult } from '@/api/search/get-search-results';
