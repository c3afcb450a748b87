import { ERROR_CODES } from '@touchline/shared';

/**
 * Errors are data: a stable code, an HTTP status and a message the user can act on. Modules make
 * them through small factories (`posts.errors.ts`); the error handler renders them.
 */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;

/** Cross-cutting errors; domain modules define their own in `<domain>.errors.ts`. */
export const commonErrors = {
  notFound: (message = 'Not found') => new AppError(404, ERROR_CODES.notFound, message),
  unauthorized: (message = 'Authentication required', code: string = ERROR_CODES.unauthorized) =>
    new AppError(401, code, message),
  tokenNotValid: () =>
    new AppError(401, ERROR_CODES.tokenNotValid, 'Given token not valid for any token type'),
  tokenExpired: () => new AppError(401, ERROR_CODES.tokenExpired, 'Access token expired'),
  forbidden: (message = 'You are not allowed to do that') =>
    new AppError(403, ERROR_CODES.forbidden, message),
  validation: (message: string, fields?: Record<string, string>) =>
    new AppError(400, ERROR_CODES.validation, message, fields),
  conflict: (message: string, code: string = ERROR_CODES.conflict) =>
    new AppError(409, code, message),
};
