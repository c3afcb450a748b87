import { CHAT_ERRORS, CHAT_MESSAGES, ERROR_CODES, type ChatRefusal } from '@touchline/shared';
import { AppError } from '../../lib/app-error';

const validation = (message: string, field: string) =>
  new AppError(400, ERROR_CODES.validation, message, { [field]: message });

/**
 * Chat (codes `CHAT_ERRORS`, texts `CHAT_MESSAGES`). A conversation or message the caller is not
 * a member of reads as missing (404), never as forbidden: nothing confirms it exists.
 */
export const chatErrors = {
  /** Who may message whom refused: 400 yourself, 404 no such user, else 403 with the reason. */
  refused(reason: ChatRefusal): AppError {
    if (reason === 'self') return new AppError(400, CHAT_ERRORS.self, CHAT_MESSAGES.self);
    if (reason === 'userNotFound')
      return new AppError(404, CHAT_ERRORS.userNotFound, CHAT_MESSAGES.userNotFound);
    return new AppError(403, CHAT_ERRORS.notAllowed, CHAT_MESSAGES[reason]);
  },
  notFound: () => new AppError(404, CHAT_ERRORS.notFound, CHAT_MESSAGES.notFound),
  messageNotFound: () =>
    new AppError(404, CHAT_ERRORS.messageNotFound, CHAT_MESSAGES.messageNotFound),
  notYours: () => new AppError(403, CHAT_ERRORS.notYours, CHAT_MESSAGES.notYours),
  editWindow: () => new AppError(403, CHAT_ERRORS.editWindow, CHAT_MESSAGES.editWindow),
  /** 400: neither text nor image. */
  empty: () => validation(CHAT_MESSAGES.empty, 'text'),
  /** 400: a file part other than `image`. */
  imageField: () => validation('Attach the picture as image', 'image'),
};
