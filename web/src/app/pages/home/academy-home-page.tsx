import { PageContainer } from '@/components/layout/page-container';
import { AcademyDashboardScreen } from '@/features/academy-dashboard';
import { HomeScreen } from '@/features/feed';

/**
 * `/academy/home`: the academy's dashboard (trial overview, registrations over time, upcoming
 * trials, popular posts, takings and recent payments), then its feed in the same frame as
 * players (indigo accent).
 */
export default function AcademyHomePage() {
  return (
    <PageContainer className="space-y-8">
      <AcademyDashboardScreen />
      <HomeScreen role="academy" />
    </PageContainer>
  );
}
