import { useSearch } from 'wouter';
import { PageContainer } from '@/components/layout/page-container';
import { AchievementsScreen } from '@/features/profile';

/** `/view_achievements?user_id=`: someone's achievements (the caller's own by default). */
export default function AchievementsPage() {
  const userId = new URLSearchParams(useSearch()).get('user_id');
  return (
    <PageContainer className="max-w-3xl">
      <AchievementsScreen key={userId ?? 'me'} userId={userId} />
    </PageContainer>
  );
}
