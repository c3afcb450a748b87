import { yellow } from './output';
import type { StageResult } from './stages';
import type { TierContext } from './tier-context';

const NOT_RUN = 'Cluster tier: not run — set TEST_DATABASE_URL and TEST_REDIS_URL';

/**
 * The cluster tier (issue 16): `tests/cluster` starts API and worker processes (the real entry
 * points) on a fresh database of TEST_DATABASE_URL's server, Redis servers and Postgres clusters of
 * its own and an S3 server on loopback, and injects faults (instance and worker SIGKILL, a Redis
 * outage, a Postgres restart). Ports 45000-45999. A separate vitest config: the unit and pg tiers
 * never pick these files up.
 */
export async function clusterTier(ctx: TierContext): Promise<StageResult> {
  const unset = (['TEST_DATABASE_URL', 'TEST_REDIS_URL'] as const).filter(
    (name) => !ctx.servicesEnv[name],
  );
  if (unset.length > 0) {
    ctx.say(yellow(NOT_RUN));
    return { title: 'cluster', status: 'not-run', note: NOT_RUN };
  }
  return ctx.vitest('cluster', 'cluster', [], ctx.servicesEnv, [
    '--config',
    'tests/cluster/vitest.config.ts',
  ]);
}
