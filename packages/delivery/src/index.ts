/**
 * The one delivery path (docs/architecture.md "One delivery path"): notices, unread counts and
 * stored user events are written here, in the caller's transaction, and sent by one publisher
 * after the commit. Nothing else inserts notifications or user events (eslint.config.js).
 */
export * from './user-events';
export * from './notices';
export * from './grouped-notices';
export * from './publisher';
export * from './deliver';
export * from './previews';
