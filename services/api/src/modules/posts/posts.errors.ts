import {
  CHAT_ERRORS,
  CHAT_MESSAGES,
  MESSAGES,
  POST_MESSAGES,
  POSTS_ERRORS,
} from '@touchline/shared';
import { AppError } from '../../lib/app-error';

/**
 * Posts, comments, likes and reports. A post that is missing, removed, by an inactive author or
 * blocked either way reads the same: gone (404), with the specification's text.
 */
export const postsErrors = {
  notFound: () => new AppError(404, POSTS_ERRORS.notFound, POST_MESSAGES.notFound),
  empty: () =>
    new AppError(400, POSTS_ERRORS.empty, MESSAGES.postEmpty, { content: MESSAGES.postEmpty }),
  notOwner: () => new AppError(403, POSTS_ERRORS.notOwner, POST_MESSAGES.notOwner),
  oneMediaOnly: () => new AppError(400, POSTS_ERRORS.oneMediaOnly, POST_MESSAGES.oneMediaOnly),
  unknownFile: () =>
    new AppError(400, POSTS_ERRORS.unknownFileField, 'Attach the file as image or video'),
  imageTooLarge: () =>
    new AppError(413, POSTS_ERRORS.imageTooLarge, POST_MESSAGES.imageTooLarge, {
      image: POST_MESSAGES.imageTooLarge,
    }),
  videoTooLarge: () =>
    new AppError(413, POSTS_ERRORS.videoTooLarge, POST_MESSAGES.videoTooLarge, {
      video: POST_MESSAGES.videoTooLarge,
    }),
  badCursor: () => new AppError(400, POSTS_ERRORS.badCursor, 'Invalid page cursor'),
  userNotFound: () => new AppError(404, POSTS_ERRORS.userNotFound, 'User not found'),
  commentEmpty: (isReply: boolean) => {
    const message = isReply ? MESSAGES.replyEmpty : MESSAGES.commentEmpty;
    return new AppError(400, POSTS_ERRORS.commentEmpty, message, { content: message });
  },
  cannotComment: () => new AppError(403, POSTS_ERRORS.cannotComment, POST_MESSAGES.cannotComment),
  parentNotFound: () =>
    new AppError(404, POSTS_ERRORS.parentNotFound, POST_MESSAGES.parentNotFound),
  replyTooDeep: () => new AppError(400, POSTS_ERRORS.replyTooDeep, POST_MESSAGES.replyTooDeep),
  commentNotFound: () =>
    new AppError(404, POSTS_ERRORS.commentNotFound, POST_MESSAGES.commentNotFound),
  cannotDeleteComment: () =>
    new AppError(403, POSTS_ERRORS.cannotDeleteComment, POST_MESSAGES.cannotDeleteComment),
  reportOwn: (target: 'post' | 'comment' | 'message') =>
    new AppError(400, POSTS_ERRORS.reportOwn, `You cannot report your own ${target}`),
  /** A report of a conversation the caller is not in (or none): chat's own 404, nothing said. */
  conversationNotFound: () => new AppError(404, CHAT_ERRORS.notFound, CHAT_MESSAGES.notFound),
  messageNotFound: () =>
    new AppError(404, CHAT_ERRORS.messageNotFound, CHAT_MESSAGES.messageNotFound),
};
