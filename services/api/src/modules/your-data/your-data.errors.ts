import { YOUR_DATA_ERRORS, YOUR_DATA_MESSAGES } from '@touchline/shared';
import { AppError } from '../../lib/app-error';

/** Refusals of exports, deletions and restores (codes `your_data.*`, texts YOUR_DATA_MESSAGES). */
export const yourDataErrors = {
  exportTooSoon: (nextAt: string) =>
    new AppError(429, YOUR_DATA_ERRORS.exportTooSoon, YOUR_DATA_MESSAGES.exportTooSoon(nextAt)),
  exportNotFound: () =>
    new AppError(404, YOUR_DATA_ERRORS.exportNotFound, YOUR_DATA_MESSAGES.exportNotFound),
  exportExpired: () =>
    new AppError(410, YOUR_DATA_ERRORS.exportExpired, YOUR_DATA_MESSAGES.exportExpired),
  exportNotReady: (failed: boolean) =>
    new AppError(
      409,
      YOUR_DATA_ERRORS.exportNotReady,
      failed ? YOUR_DATA_MESSAGES.exportFailed : YOUR_DATA_MESSAGES.exportNotReady,
    ),
  confirmationRequired: (message: string) =>
    new AppError(400, YOUR_DATA_ERRORS.confirmationRequired, message),
  confirmationWrong: (message: string, fields?: Record<string, string>) =>
    new AppError(400, YOUR_DATA_ERRORS.confirmationWrong, message, fields),
  lastAdmin: () => new AppError(403, YOUR_DATA_ERRORS.lastAdmin, YOUR_DATA_MESSAGES.lastAdmin),
  notPending: () => new AppError(409, YOUR_DATA_ERRORS.notPending, YOUR_DATA_MESSAGES.notPending),
};
