/** Notifications and the post data their handlers read. */
export * from '../repositories/notifications.repository';
export * from '../repositories/post-notifications.repository';
