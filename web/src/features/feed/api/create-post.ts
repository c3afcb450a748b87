import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PostView } from '@touchline/shared';
import { postSchema } from '@touchline/shared';
import { uploadWithProgress } from '@/lib/api-client';
import type { MediaKind } from '../lib/media-file';
import { refreshPostLists } from './post-cache';

export type NewPost = { content: string; media: { kind: MediaKind; file: File } | null };

/**
 * `POST /api/post` multipart (`content`, optional `image` or `video`) → 201 the post. Sent with
 * XMLHttpRequest so the editor can show how much has gone up (`onProgress` 0…1).
 */
export function createPost(
  { content, media }: NewPost,
  onProgress?: (fraction: number) => void,
): Promise<PostView> {
  const form = new FormData();
  form.append('content', content);
  if (media) form.append(media.kind, media.file);
  return uploadWithProgress('post', form, { onProgress, schema: postSchema });
}

export function useCreatePost(onProgress?: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (post: NewPost) => createPost(post, onProgress),
    onSuccess: () => refreshPostLists(queryClient),
  });
}
