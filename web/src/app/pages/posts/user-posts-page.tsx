import { PageContainer } from '@/components/layout/page-container';
import { UserPostsScreen } from '@/features/feed';
import type { ScreenProps } from '@/app/routes';

/** `/view_posts/{userId?}`: a person's posts (the caller's own without an id). */
export default function UserPostsPage({ params }: ScreenProps) {
  return (
    <PageContainer>
      {/* One column as wide as the home feed (PageContainer's own width class would win). */}
      <div className="mx-auto max-w-2xl">
        <UserPostsScreen key={params.userId ?? 'me'} userId={params.userId ?? null} />
      </div>
    </PageContainer>
  );
}
