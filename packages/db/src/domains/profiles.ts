/** Profiles, achievements and playing experience. */
export * from '../repositories/profiles.repository';
