import { defineConfig } from 'vitest/config';

/**
 * The cluster tier (issue 16): each file starts real API and worker processes on Postgres, Redis
 * and S3 and injects one kind of fault. Run by `npm test -- --only=cluster` when TEST_DATABASE_URL
 * and TEST_REDIS_URL are set (scripts/lib/cluster-tier.ts). The files run side by side, each in a
 * forked process of its own (its children are killed by its exit hooks), on its own ports.
 */
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    pool: 'forks',
    fileParallelism: true,
    maxWorkers: 3,
    testTimeout: 180_000,
    hookTimeout: 180_000,
    teardownTimeout: 60_000,
  },
});
