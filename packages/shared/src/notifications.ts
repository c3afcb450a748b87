/**
 * Notification kinds with their texts and links (supplement §8). Texts are stored as written at
 * creation; links are SPA paths.
 */
export const NOTIFICATION_KINDS = [
  'friend_request',
  'friend_accepted',
  'follow',
  'like',
  'comment',
  'reply',
  'new_post',
  'new_trial',
  'trial_registration',
  'registration_update',
  'academy_review',
  'message',
  'system',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const profileLink = (userId: string, role: string) =>
  role === 'academy' ? `/academy/profile/${userId}` : `/profile/${userId}`;

export const NOTIFICATION_TEXTS = {
  friendRequest: (name: string) => `${name} sent you a friend request`,
  friendAccepted: (name: string) => `${name} accepted your friend request`,
  follow: (name: string) => `${name} started following you`,
  /** Likes within the same hour fold into one row: 'Ada and 4 others liked your post'. */
  like: (name: string, others = 0) =>
    others <= 0
      ? `${name} liked your post`
      : `${name} and ${others} ${others === 1 ? 'other' : 'others'} liked your post`,
  comment: (name: string) => `${name} commented on your post`,
  reply: (name: string) => `${name} replied to your comment`,
  newPost: (name: string) => `${name} added a new post`,
} as const;

export const postLink = (postId: string) => `/view_post_details/${postId}`;
