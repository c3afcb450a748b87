import { configDefaults, defineProject } from 'vitest/config';

/** Tests of several API instances on one Postgres and Redis run on that tier only. */
const servicesTier = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);

export default defineProject({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts'],
    exclude: servicesTier
      ? configDefaults.exclude
      : [...configDefaults.exclude, 'src/**/*.cluster.test.ts'],
    testTimeout: 120_000, // an upper bound for a loaded machine (docs/testing.md "Under load")
    hookTimeout: 120_000,
    // A worker keeps its loaded modules from one test file to the next (docs/testing.md
    // "Module isolation"): importing the server's module graph afresh for every file cost more
    // than the tests themselves. Each file still builds its own app and database.
    isolate: false,
  },
});
