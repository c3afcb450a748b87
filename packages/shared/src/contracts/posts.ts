import { z } from 'zod';
import { ROLES } from '../roles';
import { LIMITS } from '../limits';
import { MESSAGES } from '../messages';
import {
  commentCursorSchema,
  cursorPageFields,
  keysetCursorSchema,
  eitherPageFields,
  pageLimitSchema,
} from '../paging';

/**
 * Posts, comments, likes, reports and the home response (specification §3 'Post', 'Comment',
 * 'Home response', supplement §4). Field names are the specification's, to the letter; the few
 * additions (comments_count, can_comment, edited, …) are documented beside them.
 */

/** Shown for a post or comment author without a profile photo (spec: "default image"). */
export const DEFAULT_AVATAR_URL = '/default-avatar.svg';

export type CommentView = {
  id: string;
  /** Display name. */
  user: string;
  user_id: string;
  content: string;
  profile_photo: string;
  is_academy: boolean;
  /** Id of the replied comment, or null for a top-level comment. */
  parent: string | null;
  replies: CommentView[];
  /** Added: ISO time, and the nesting depth (0 = top level). */
  created_at: string;
  depth: number;
};

export const commentSchema: z.ZodType<CommentView> = z.lazy(() =>
  z.object({
    id: z.string(),
    user: z.string(),
    user_id: z.string(),
    content: z.string(),
    profile_photo: z.string(),
    is_academy: z.boolean(),
    parent: z.string().nullable(),
    replies: z.array(commentSchema),
    created_at: z.string(),
    depth: z.number().int().min(0),
  }),
);

export const postSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  /** Display name. */
  user: z.string(),
  username: z.string(),
  bio: z.string(),
  profile_photo: z.string(),
  created_at: z.string(),
  content: z.string(),
  image: z.string().nullable(),
  video: z.string().nullable(),
  /** Added: a still frame of the video (JPEG, no metadata) for the player's poster; null without one. */
  video_poster: z.string().nullable(),
  likes_count: z.number().int().min(0),
  is_liked_by_current_user: z.boolean(),
  is_own_post: z.boolean(),
  is_academy: z.boolean(),
  comments: z.array(commentSchema),
  /** Added: the top-level comment count the post shows (spec §9). */
  comments_count: z.number().int().min(0),
  /**
   * Added: a post carries at most `LIMITS.commentsPerPage` comments of its thread (thread order,
   * replies included); this cursor fetches the rest (`GET /api/comments/{postId}?after=`), null
   * when the post carried them all.
   */
  comments_next: z.string().nullable(),
  /** Added: true once the text was changed after posting. */
  edited: z.boolean(),
  /** Added: false when the viewer may not comment (a minor's post and the viewer is not in their circle). */
  can_comment: z.boolean(),
});
export type PostView = z.infer<typeof postSchema>;

/**
 * `GET /api/comments/{postId}?after=&limit=`: the next comments of a post's thread, in thread order
 * and with the post's visibility rules. The list nests replies like a post's `comments`; its
 * first entries may be replies whose `parent` came on an earlier page (the rest of a thread the
 * previous page cut): the client puts them under that parent.
 */
export const commentPageQuerySchema = z.object({
  after: commentCursorSchema.optional(),
  limit: pageLimitSchema(LIMITS.commentsPerPage, LIMITS.commentsPerPage),
});
export const commentPageSchema = z.object({
  comments: z.array(commentSchema),
  /** `next`: the `?after=` of the following page. */
  ...cursorPageFields,
});
export type CommentPage = z.infer<typeof commentPageSchema>;

/** Summary card (spec §3 'User details' plus what the card draws). */
export const homeUserSchema = z.object({
  user_id: z.string(),
  username: z.string(),
  role: z.enum(ROLES),
  bio: z.string(),
  profile_photo: z.string().nullable(),
  open_to_work: z.boolean(),
  friends_count: z.number().int().min(0),
  /** Academies show followers instead of friends (supplement §2). */
  followers_count: z.number().int().min(0),
  post_count: z.number().int().min(0),
  achievements_count: z.number().int().min(0),
});
export type HomeUser = z.infer<typeof homeUserSchema>;

/** Spec §3 'Trial list item'. */
export const trialListItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  district: z.string(),
  state: z.string(),
});
export type TrialListItem = z.infer<typeof trialListItemSchema>;

/** Spec §3 'Academy list item', names to the letter. */
export const academyListItemSchema = z.object({
  id: z.string(),
  username: z.string(),
  userprofile__profile_photo: z.string().nullable(),
  userprofile__district: z.string().nullable(),
  userprofile__state: z.string().nullable(),
});
export type AcademyListItem = z.infer<typeof academyListItemSchema>;

/**
 * `GET /api/home`: by `page` (the snapshot, decision 14) or by `before` (the network past it,
 * decision 67; `page` null). `next` continues by cursor: on a cursor page while `has_more`, and on
 * the snapshot's last numbered page when the network goes on past it; null otherwise.
 */
export const homeResponseSchema = z.object({
  posts: z.array(postSchema),
  ...eitherPageFields,
  user: homeUserSchema,
  trials: z.array(trialListItemSchema),
  academies: z.array(academyListItemSchema),
});
export type HomeResponse = z.infer<typeof homeResponseSchema>;

/** A user's own posts page (`/view_posts/{userId?}`), keyset-paged with `before`. */
export const userPostsQuerySchema = z.object({
  before: keysetCursorSchema.optional(),
});
export const userPostsResponseSchema = z.object({
  posts: z.array(postSchema),
  /** `next`: the `?before=` of the following page. */
  ...cursorPageFields,
});
export type UserPostsResponse = z.infer<typeof userPostsResponseSchema>;

export const postContentSchema = z
  .string()
  .max(LIMITS.postMaxLength, `Post must be at most ${LIMITS.postMaxLength} characters`);

/** PATCH /api/post/{id}: the text only (spec: "Editing an existing post offers no media change"). */
export const updatePostSchema = z.object({ content: postContentSchema });

export const commentContentSchema = z
  .string({ error: MESSAGES.commentEmpty })
  .trim()
  .min(1, MESSAGES.commentEmpty)
  .max(LIMITS.commentMaxLength, `Comment must be at most ${LIMITS.commentMaxLength} characters`);

/** POST /api/add_comment/{postId} {content, parent}. */
export const addCommentSchema = z.object({
  content: commentContentSchema,
  parent: z.string().uuid().nullable().optional(),
});

export const likeResponseSchema = z.object({ status: z.enum(['liked', 'unliked']) });

export const REPORT_REASONS = [
  'spam',
  'harassment',
  'hate',
  'violence',
  'nudity',
  'child_safety',
  'false_information',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam or scam',
  harassment: 'Bullying or harassment',
  hate: 'Hate speech',
  violence: 'Violence or threats',
  nudity: 'Nudity or sexual content',
  child_safety: 'Puts a child at risk',
  false_information: 'False information',
  other: 'Something else',
};

export const REPORT_TARGETS = ['post', 'comment', 'message', 'conversation'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];

const uuidSchema = z.string().uuid();

/**
 * POST /api/report (supplement §13): a post, comment or chat message by its id, or a whole
 * conversation by its thread name (`chat_<uuid>_<uuid>`; a malformed one reads as not found).
 */
export const reportSchema = z
  .object({
    target: z.enum(REPORT_TARGETS),
    id: z.string().max(100, 'Invalid id'),
    reason: z.enum(REPORT_REASONS, { error: 'Choose a reason' }),
    details: z.string().trim().max(1000, 'Details must be at most 1000 characters').default(''),
  })
  .superRefine((value, ctx) => {
    if (value.target !== 'conversation' && !uuidSchema.safeParse(value.id).success)
      ctx.addIssue({ code: 'custom', path: ['id'], message: 'Invalid UUID' });
  });

export const POST_MESSAGES = {
  deleted: MESSAGES.postDeleted,
  commentDeleted: 'comment deleted successfully',
  reported: 'Thanks, your report was sent to our moderators',
  notFound: MESSAGES.postGone,
  commentNotFound: 'Comment has been deleted',
  parentNotFound: 'The comment you replied to has been deleted',
  replyTooDeep: `Replies nest at most ${LIMITS.replyMaxDepth} deep: reply to an earlier comment`,
  notOwner: 'You can only change your own post',
  cannotDeleteComment: 'You can only delete your own comments or comments on your post',
  cannotComment: 'Only friends can comment on this post',
  oneMediaOnly: 'A post can have one image or one video',
  videoTooLarge: 'Video must be at most 100 MB',
  imageTooLarge: 'Image must be at most 10 MB',
} as const;
