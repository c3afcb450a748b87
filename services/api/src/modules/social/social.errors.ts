import { SOCIAL_ERRORS } from '@touchline/shared';
import { AppError } from '../../lib/app-error';

export const socialErrors = {
  notFound: () => new AppError(404, SOCIAL_ERRORS.userNotFound, 'User not found'),
  self: () => new AppError(400, SOCIAL_ERRORS.self, 'You cannot do that with your own account'),
  playersOnly: () => new AppError(403, SOCIAL_ERRORS.playersOnly, 'Only players have friends'),
  academiesOnly: () =>
    new AppError(400, SOCIAL_ERRORS.notAcademy, 'Only academies can be followed'),
  followersArePlayers: () =>
    new AppError(403, SOCIAL_ERRORS.playersFollow, 'Only players follow academies'),
  alreadyFriends: () => new AppError(409, SOCIAL_ERRORS.alreadyFriends, 'You are already friends'),
  alreadyRequested: () =>
    new AppError(409, SOCIAL_ERRORS.alreadyRequested, 'Friend request already sent'),
  noRequest: () => new AppError(404, SOCIAL_ERRORS.noRequest, 'Friend request not found'),
  notFriends: () => new AppError(404, SOCIAL_ERRORS.notFriends, 'You are not friends'),
  notFollowing: () =>
    new AppError(404, SOCIAL_ERRORS.notFollowing, 'You are not following this academy'),
  notBlocked: () => new AppError(404, SOCIAL_ERRORS.notBlocked, 'This user is not blocked'),
  acrossAgeLine: () =>
    new AppError(
      403,
      SOCIAL_ERRORS.acrossAgeLine,
      'Friend requests are only possible between players who are both under 18 or both 18 and over',
    ),
};
