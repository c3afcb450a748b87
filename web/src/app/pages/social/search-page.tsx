import { PageContainer } from '@/components/layout/page-container';
import { RelationshipActions } from '@/components/relationship-actions';
import { SearchResultsScreen } from '@/features/search';

/** `/search?q=`: the search feature's results, with the relationship action on each row. */
export default function SearchPage() {
  return (
    <PageContainer className="max-w-4xl">
      <SearchResultsScreen
        actions={(result) => (
          <RelationshipActions
            variant="row"
            userId={result.id}
            name={result.name}
            role={result.type.toLowerCase()}
            relationship={result.relationship}
          />
        )}
      />
    </PageContainer>
  );
}
