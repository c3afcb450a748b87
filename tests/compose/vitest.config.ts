import { defineConfig } from 'vitest/config';

/**
 * The compose tier (issue 28): the journey through docker-compose.yml's proxy, run by
 * `npm test -- --only=compose` (scripts/lib/compose-tier.ts) once the stack is up; it reads
 * TOUCHLINE_COMPOSE_URL, TOUCHLINE_COMPOSE_MAILPIT_URL and TOUCHLINE_COMPOSE_PROJECT. One file, in
 * order: later tests use the users and the post the earlier ones made.
 */
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    pool: 'forks',
    fileParallelism: false,
    sequence: { concurrent: false },
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
