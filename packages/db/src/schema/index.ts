export * from './users';
export * from './platform';
export * from './auth';
