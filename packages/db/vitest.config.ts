import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'db',
    include: ['src/**/*.test.ts'],
    testTimeout: 120_000, // an upper bound for a loaded machine (docs/testing.md "Under load")
    hookTimeout: 120_000,
  },
});
