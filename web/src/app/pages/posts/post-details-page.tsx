import { PageContainer } from '@/components/layout/page-container';
import { PostDetailsScreen } from '@/features/feed';
import type { ScreenProps } from '@/app/routes';

/** `/view_post_details/{postId}`: one post, its comments open. */
export default function PostDetailsPage({ params }: ScreenProps) {
  const postId = params.postId ?? '';
  return (
    <PageContainer>
      {/* One column as wide as the home feed (PageContainer's own width class would win). */}
      <div className="mx-auto max-w-2xl">
        <PostDetailsScreen key={postId} postId={postId} />
      </div>
    </PageContainer>
  );
}
