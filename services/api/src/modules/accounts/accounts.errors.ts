import { ADMIN_ERRORS, ADMIN_MESSAGES } from '@touchline/shared';
import { AppError } from '../../lib/app-error';

/** Refusals of account moderation, answered through the admin routes (codes `admin.*`). */
export const accountsErrors = {
  blockSelf: () => new AppError(403, ADMIN_ERRORS.blockSelf, ADMIN_MESSAGES.blockSelf),
  blockAdmin: () => new AppError(403, ADMIN_ERRORS.blockAdmin, ADMIN_MESSAGES.blockAdmin),
};
