import type { StageResult } from './stages';
import type { TierContext } from './tier-context';

/** The container tier (issue 17): the service projects on Postgres and Redis from Testcontainers. */
export async function containersTier(_ctx: TierContext): Promise<StageResult> {
  return { title: 'containers', status: 'not-run', note: 'not built yet' };
}
