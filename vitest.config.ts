import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Test files run in parallel workers. Vitest's default (one fewer than the CPUs) gives a 2-core
 * machine a single worker, yet most API and worker tests spend their time waiting (on the
 * embedded queue, sockets, timers, argon2's thread pool), so two workers per core finish sooner.
 * `VITEST_MAX_WORKERS` overrides it.
 */
const maxWorkers =
  Number(process.env.VITEST_MAX_WORKERS) || Math.max(2, availableParallelism() * 2);

export default defineConfig({
  test: {
    projects: ['packages/*', 'services/*', 'web', 'scripts'],
    maxWorkers,
  },
});
