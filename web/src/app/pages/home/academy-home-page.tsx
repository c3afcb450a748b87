import { PageContainer } from '@/components/layout/page-container';
import { HomeScreen } from '@/features/feed';

/**
 * `/academy/home`: the academy's feed in the same frame as players (indigo accent), until the
 * trials slice adds its dashboard above it.
 */
export default function AcademyHomePage() {
  return (
    <PageContainer>
      <HomeScreen role="academy" />
    </PageContainer>
  );
}
