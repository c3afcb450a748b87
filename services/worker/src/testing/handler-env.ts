import type { JobHandler } from '@touchline/drivers';
import type { JobName, JobPayload } from '@touchline/shared';
import { createJobHandlers } from '../handlers';
import { createWorkerEnv } from './worker-env';

/** Calls a handler as the queue does on a first attempt, under the deterministic id `<name>:<key>`. */
export function runJob<N extends JobName>(
  handler: JobHandler<N>,
  name: N,
  key: string,
  data: JobPayload<N>,
) {
  return handler({ id: `${name}:${key}`, name, attempt: 1, data });
}

/**
 * A worker env with the registered job handlers built on its drivers, the setup every handler
 * test shares. `run(name, key, data)` runs one job; `clock` defaults to the real time.
 */
export async function createHandlerEnv(
  clock: () => Date = () => new Date(),
  configOverrides: Record<string, string> = {},
) {
  const env = await createWorkerEnv(configOverrides);
  const drivers = await env.newDrivers();
  const handlers = createJobHandlers({ ...drivers, db: env.db, clock });
  const run = <N extends JobName>(name: N, key: string, data: JobPayload<N>) =>
    runJob(handlers[name], name, key, data);
  return { env, drivers, handlers, run };
}
