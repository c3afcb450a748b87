/** Spec §2: an author link goes to /academy/profile/{id} for academies, /profile/{id} otherwise. */
export function authorPath(author: { user_id: string; is_academy: boolean }): string {
  return author.is_academy ? `/academy/profile/${author.user_id}` : `/profile/${author.user_id}`;
}

/** Spec §2: the post detail link. */
export function postPath(postId: string): string {
  return `/view_post_details/${postId}`;
}

/** What 'copy link' puts on the clipboard. */
export function postUrl(postId: string, origin: string = window.location.origin): string {
  return `${origin}${postPath(postId)}`;
}
