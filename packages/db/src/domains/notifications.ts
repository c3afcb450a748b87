/** Notifications and the post and chat data their handlers read. */
export * from '../repositories/notifications.repository';
export * from '../repositories/post-notifications.repository';
export * from '../repositories/chat-notifications.repository';
export * from '../repositories/announced-notifications.repository';
export * from '../repositories/notification-parties.repository';
