import { MESSAGES, POST_MESSAGES } from '@touchline/shared';
import { AppError } from '../../lib/app-error';

/**
 * Posts, comments, likes and reports. A post that is missing, removed, by an inactive author or
 * blocked either way reads the same: gone (404), with the specification's text.
 */
export const postsErrors = {
  notFound: () => new AppError(404, 'posts.not_found', POST_MESSAGES.notFound),
  empty: () =>
    new AppError(400, 'posts.empty', MESSAGES.postEmpty, { content: MESSAGES.postEmpty }),
  notOwner: () => new AppError(403, 'posts.not_owner', POST_MESSAGES.notOwner),
  oneMediaOnly: () => new AppError(400, 'posts.one_media_only', POST_MESSAGES.oneMediaOnly),
  unknownFile: () =>
    new AppError(400, 'posts.unknown_file_field', 'Attach the file as image or video'),
  imageTooLarge: () =>
    new AppError(413, 'posts.image_too_large', POST_MESSAGES.imageTooLarge, {
      image: POST_MESSAGES.imageTooLarge,
    }),
  videoTooLarge: () =>
    new AppError(413, 'posts.video_too_large', POST_MESSAGES.videoTooLarge, {
      video: POST_MESSAGES.videoTooLarge,
    }),
  badCursor: () => new AppError(400, 'posts.bad_cursor', 'Invalid page cursor'),
  userNotFound: () => new AppError(404, 'posts.user_not_found', 'User not found'),
  commentEmpty: (isReply: boolean) => {
    const message = isReply ? MESSAGES.replyEmpty : MESSAGES.commentEmpty;
    return new AppError(400, 'posts.comment_empty', message, { content: message });
  },
  cannotComment: () => new AppError(403, 'posts.cannot_comment', POST_MESSAGES.cannotComment),
  parentNotFound: () => new AppError(404, 'posts.parent_not_found', POST_MESSAGES.parentNotFound),
  commentNotFound: () =>
    new AppError(404, 'posts.comment_not_found', POST_MESSAGES.commentNotFound),
  cannotDeleteComment: () =>
    new AppError(403, 'posts.cannot_delete_comment', POST_MESSAGES.cannotDeleteComment),
  reportOwn: (target: 'post' | 'comment') =>
    new AppError(400, 'posts.report_own', `You cannot report your own ${target}`),
};
