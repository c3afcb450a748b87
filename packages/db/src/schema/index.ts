export * from './users';
export * from './platform';
export * from './auth';
export * from './profiles';
export * from './social';
export * from './posts';
export * from './admin';
