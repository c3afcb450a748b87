/** Reaching people outside the app: push subscriptions, preferences, phones and SMS (§16). */
export * from '../repositories/reach.repository';
