import { AppError } from '../../lib/app-error';

export const socialErrors = {
  notFound: () => new AppError(404, 'social.user_not_found', 'User not found'),
  self: () => new AppError(400, 'social.self', 'You cannot do that with your own account'),
  playersOnly: () => new AppError(403, 'social.players_only', 'Only players have friends'),
  academiesOnly: () => new AppError(400, 'social.not_academy', 'Only academies can be followed'),
  followersArePlayers: () =>
    new AppError(403, 'social.players_follow', 'Only players follow academies'),
  alreadyFriends: () => new AppError(409, 'social.already_friends', 'You are already friends'),
  alreadyRequested: () =>
    new AppError(409, 'social.already_requested', 'Friend request already sent'),
  noRequest: () => new AppError(404, 'social.no_request', 'Friend request not found'),
  notFriends: () => new AppError(404, 'social.not_friends', 'You are not friends'),
  notFollowing: () =>
    new AppError(404, 'social.not_following', 'You are not following this academy'),
  notBlocked: () => new AppError(404, 'social.not_blocked', 'This user is not blocked'),
};
