import { ERROR_CODES } from '@touchline/shared';
import { AppError } from '../../lib/app-error';

/** Another user's private resource answers 404, as an unknown one does (no existence probing). */
export const profilesErrors = {
  profileNotFound: () => new AppError(404, 'profiles.not_found', 'Profile not found'),
  achievementNotFound: () =>
    new AppError(404, 'profiles.achievement_not_found', 'Achievement not found'),
  experienceNotFound: () =>
    new AppError(404, 'profiles.experience_not_found', 'Experience not found'),
  playersOnly: () =>
    new AppError(403, 'profiles.players_only', 'Only players can add playing experience'),
  /** Fields the caller's role does not have (academies: position, height…; players: established_on). */
  fieldsNotAllowed: (fields: Record<string, string>) =>
    new AppError(
      400,
      'profiles.field_not_allowed',
      Object.values(fields)[0] ?? 'Field not allowed',
      fields,
    ),
  invalidField: (field: string, message: string) =>
    new AppError(400, ERROR_CODES.validation, message, { [field]: message }),
  academyNotFound: () =>
    new AppError(400, 'profiles.academy_not_found', 'Select a registered academy', {
      academy_id: 'Select a registered academy',
    }),
  limitReached: (what: string, max: number) =>
    new AppError(409, 'profiles.limit_reached', `You can add at most ${max} ${what}`),
};
