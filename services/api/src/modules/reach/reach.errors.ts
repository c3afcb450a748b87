import { REACH_ERRORS, REACH_MESSAGES } from '@touchline/shared';
import { AppError } from '../../lib/app-error';

/** Refusals of push subscriptions and phone verification (codes `push.*`, `phone.*`). */
export const reachErrors = {
  endpointNotAllowed: () =>
    new AppError(400, REACH_ERRORS.endpointNotAllowed, REACH_MESSAGES.endpointNotAllowed, {
      endpoint: REACH_MESSAGES.endpointNotAllowed,
    }),
  subscriptionNotFound: () =>
    new AppError(404, REACH_ERRORS.subscriptionNotFound, REACH_MESSAGES.subscriptionNotFound),
  codeInvalid: () =>
    new AppError(400, REACH_ERRORS.phoneCodeInvalid, REACH_MESSAGES.codeInvalid, {
      code: REACH_MESSAGES.codeInvalid,
    }),
};
