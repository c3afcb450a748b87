import { useQueryClient } from '@tanstack/react-query';
import { PageContainer } from '../../../components/layout/page-container';
import { SEARCH_RESULTS_KEY, SearchResultsScreen } from '../../../features/search';
import { RelationshipActions } from '../../../features/social';

/** `/search?q=`: the search feature's results, with the social feature's action on each row. */
export default function SearchPage() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: SEARCH_RESULTS_KEY });
  return (
    <PageContainer className="max-w-4xl">
      <SearchResultsScreen
        actions={(result) => (
          <RelationshipActions
            id={result.id}
            name={result.name}
            type={result.type}
            relationship={result.relationship}
            onSettled={refresh}
          />
        )}
      />
    </PageContainer>
  );
}
