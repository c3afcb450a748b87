import { defineProject } from 'vitest/config';

/** The tooling's own tests: the test runner and the infra scripts, run as a newcomer runs them. */
export default defineProject({
  test: { name: 'scripts', include: ['tests/**/*.test.ts'], testTimeout: 120_000 },
});
