/**
 * Stored per-user socket events, numbered per user and replayed with `since`. Written only through
 * `@touchline/delivery` (eslint refuses other writers).
 */
export * from '../repositories/user-events.repository';
