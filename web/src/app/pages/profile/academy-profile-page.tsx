import { PageContainer } from '@/components/layout/page-container';
import { ProfileScreen } from '@/features/profile';
import type { ScreenProps } from '@/app/routes';

/** `/academy/profile/{userId?}`: an academy's profile (the caller's own without an id). */
export default function AcademyProfilePage({ params }: ScreenProps) {
  return (
    <PageContainer className="max-w-5xl">
      <ProfileScreen key={params.userId ?? 'me'} userId={params.userId ?? null} area="academy" />
    </PageContainer>
  );
}
