import { useSearch } from 'wouter';
import { PageContainer } from '@/components/layout/page-container';
import { ExperienceScreen } from '@/features/profile';

/** `/view_experience?user_id=`: a player's academies and teams (the caller's own by default). */
export default function ExperiencePage() {
  const userId = new URLSearchParams(useSearch()).get('user_id');
  return (
    <PageContainer className="max-w-3xl">
      <ExperienceScreen key={userId ?? 'me'} userId={userId} />
    </PageContainer>
  );
}
