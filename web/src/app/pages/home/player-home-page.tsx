import { PageContainer } from '@/components/layout/page-container';
import { HomeScreen } from '@/features/feed';

/** `/home`: the player's feed with their summary, Top Trials and Top Academies. */
export default function PlayerHomePage() {
  return (
    <PageContainer>
      <HomeScreen role="player" />
    </PageContainer>
  );
}
