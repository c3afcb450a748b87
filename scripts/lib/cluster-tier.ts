import type { StageResult } from './stages';
import type { TierContext } from './tier-context';

/** The cluster tier (issue 16): API and worker processes on Postgres, Redis and S3, under faults. */
export async function clusterTier(_ctx: TierContext): Promise<StageResult> {
  return { title: 'cluster', status: 'not-run', note: 'not built yet' };
}
