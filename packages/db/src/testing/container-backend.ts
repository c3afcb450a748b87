/*
 * The container tier (`npm run test:containers`, scripts/lib/containers-tier.ts) starts one
 * PostgreSQL 15 container with Testcontainers for the whole run, before vitest, and hands its
 * admin URL to every test process as TOUCHLINE_CONTAINER_DATABASE_URL (TEST_DATABASE_URL is unset
 * there); it stops the container afterwards. The helpers never start containers themselves, so
 * the embedded tier stays on PGlite even where a container runtime answers.
 */

/** The admin URL of the container tier's PostgreSQL container, when this run has one. */
export function containerDatabaseUrl(): string | undefined {
  return process.env.TOUCHLINE_CONTAINER_DATABASE_URL || undefined;
}
