import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'delivery',
    include: ['src/**/*.test.ts'],
    testTimeout: 120_000, // an upper bound for a loaded machine (docs/testing.md "Under load")
    hookTimeout: 120_000,
    // A worker keeps its loaded modules from one test file to the next (docs/testing.md
    // "Module isolation"): importing the server's module graph afresh for every file cost more
    // than the tests themselves. Each file still builds its own app and database.
    isolate: false,
  },
});
