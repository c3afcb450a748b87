import { ERROR_CODES, PROFILES_ERRORS } from '@touchline/shared';
import { AppError } from '../../lib/app-error';

/** Another user's private resource answers 404, as an unknown one does (no existence probing). */
export const profilesErrors = {
  profileNotFound: () => new AppError(404, PROFILES_ERRORS.notFound, 'Profile not found'),
  achievementNotFound: () =>
    new AppError(404, PROFILES_ERRORS.achievementNotFound, 'Achievement not found'),
  experienceNotFound: () =>
    new AppError(404, PROFILES_ERRORS.experienceNotFound, 'Experience not found'),
  playersOnly: () =>
    new AppError(403, PROFILES_ERRORS.playersOnly, 'Only players can add playing experience'),
  /** Fields the caller's role does not have (academies: position, height…; players: established_on). */
  fieldsNotAllowed: (fields: Record<string, string>) =>
    new AppError(
      400,
      PROFILES_ERRORS.fieldNotAllowed,
      Object.values(fields)[0] ?? 'Field not allowed',
      fields,
    ),
  invalidField: (field: string, message: string) =>
    new AppError(400, ERROR_CODES.validation, message, { [field]: message }),
  academyNotFound: () =>
    new AppError(400, PROFILES_ERRORS.academyNotFound, 'Select a registered academy', {
      academy_id: 'Select a registered academy',
    }),
  /** The date of birth is set once (signup or /welcome); administrators correct it (§13). */
  dobLocked: () =>
    new AppError(
      403,
      PROFILES_ERRORS.dobLocked,
      'Your date of birth is already set and cannot be changed. Ask an administrator to correct it.',
      { dob: 'Your date of birth cannot be changed' },
    ),
  limitReached: (what: string, max: number) =>
    new AppError(409, PROFILES_ERRORS.limitReached, `You can add at most ${max} ${what}`),
};
