/** User accounts: the rows every other domain points at. */
export * from '../repositories/users.repository';
