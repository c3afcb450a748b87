/** Friends, friend requests, follows and blocks. */
export * from '../repositories/social.repository';
