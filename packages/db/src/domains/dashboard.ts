/** The academy dashboard: trial and registration counts, upcoming trials, popular posts, money. */
export * from '../repositories/dashboard.repository';
