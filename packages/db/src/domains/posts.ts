/** Posts, comments, likes, reports and the home feed. */
export * from '../repositories/posts.repository';
export * from '../repositories/comments.repository';
export * from '../repositories/reports.repository';
export * from '../repositories/feed.repository';
export * from '../repositories/post-moderation.repository';
export * from '../repositories/home-timelines.repository';
export * from '../repositories/home-panels.repository';
export * from '../repositories/feed-keyset.repository';
